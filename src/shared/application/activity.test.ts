import { describe, expect, expectTypeOf, it } from 'vitest';
import { fieldErrors } from '../field-errors';
import {
  activityDefaults,
  activityFollowUpFields,
  activityFollowUps,
  activityQuestions,
  activityMessages,
  activitySchema,
  followUpsOf,
  principalActivityOptions,
  visibleFollowUps,
  type Activity,
} from './activity';

const product = { principalProductOrService: 'We sell handmade wood furniture online.' };

/** The messages of a parse, by dotted field path. */
const messages = (input: unknown) => fieldErrors(activitySchema.safeParse(input).error);

// One complete answer down every branch of the follow-up tree.
const validAnswers: [string, Partial<Activity>][] = [
  ['health care, medical doctor', { principalActivity: 'health-care', healthCareCategory: 'medical-doctor' }],
  ['health care, other mental health', { principalActivity: 'health-care', healthCareCategory: 'other-mental-health', otherHealthCareActivity: 'Art therapy' }],
  ['health care, other', { principalActivity: 'health-care', healthCareCategory: 'other', otherHealthCareActivity: 'Home care' }],
  ['wholesale agent', { principalActivity: 'wholesale-agent', wholesaleAgentOwnsTitle: 'false', wholesaleAgentCommission: 'true', wholesaleAgentGoods: 'Steel' }],
  ['wholesale other', { principalActivity: 'wholesale-other', wholesaleOtherOwnsTitle: 'true', wholesaleOtherCommission: 'false', wholesaleOtherGoods: 'Toys' }],
  ['construction, single trade', { principalActivity: 'construction', constructionSingleTrade: 'true', constructionTradeType: 'Plumbing' }],
  ['construction, general', { principalActivity: 'construction', constructionSingleTrade: 'false', constructionBusinessCategory: 'other-structures' }],
  ['rental, real estate', { principalActivity: 'rental', rentalCategory: 'real-estate', rentalPropertyCategory: 'commercial' }],
  ['rental, goods', { principalActivity: 'rental', rentalCategory: 'goods', rentalGoodsType: 'Party tents' }],
  ['rental, managing', { principalActivity: 'rental', rentalCategory: 'manage-real-estate' }],
  ['transportation, cargo by truck', { principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'trucking' }],
  ['transportation, other cargo', { principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'other', otherTransportationActivity: 'Pipeline' }],
  ['transportation, taxi', { principalActivity: 'transportation', transportationCategory: 'passengers', passengerTransportType: 'taxi' }],
  ['transportation, other passengers', { principalActivity: 'transportation', transportationCategory: 'passengers', passengerTransportType: 'other', otherTransportationActivity: 'Pedicabs' }],
  ['transportation, warehousing', { principalActivity: 'transportation', transportationCategory: 'warehousing' }],
  ['accommodation, hotel', { principalActivity: 'accommodation', accommodationCategory: 'hotel' }],
  ['accommodation, other', { principalActivity: 'accommodation', accommodationCategory: 'other', otherAccommodationActivity: 'Hostel' }],
  ['retail, internet', { principalActivity: 'retail', retailCategory: 'internet' }],
  ['retail, storefront', { principalActivity: 'retail', retailCategory: 'storefront', retailStoreType: 'Bakery' }],
  ['retail, direct', { principalActivity: 'retail', retailCategory: 'direct', directSalesCategory: 'door-to-door' }],
  ['retail, other', { principalActivity: 'retail', retailCategory: 'other', otherRetailActivity: 'Kiosks' }],
  ['real estate, building', { principalActivity: 'real-estate', realEstateCategory: 'build-property' }],
  ['real estate, other', { principalActivity: 'real-estate', realEstateCategory: 'other', otherRealEstateActivity: 'Appraisal' }],
  ['manufacturing', { principalActivity: 'manufacturing', manufacturingGoodsType: 'Wood furniture' }],
  ['finance, venture capital', { principalActivity: 'finance', financeCategory: 'venture-capital' }],
  ['finance, other', { principalActivity: 'finance', financeCategory: 'other', otherFinanceActivity: 'Pawn shop' }],
  ['other, repair', { principalActivity: 'other', otherCategory: 'repair' }],
  ['other, consulting without advice', { principalActivity: 'other', otherCategory: 'consulting', providesOperatingAdvice: 'false' }],
  ['other, consulting with advice', { principalActivity: 'other', otherCategory: 'consulting', providesOperatingAdvice: 'true', consultingType: 'Management' }],
  ['other, organization', { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: 'religious' }],
  ['other, other organization', { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: 'other', otherOrganizationActivity: 'Book club' }],
  ['other, rental of real estate', { principalActivity: 'other', otherCategory: 'rental', otherRentalType: 'real-estate', otherRentalPropertyCategory: 'agent' }],
  ['other, rental of goods', { principalActivity: 'other', otherCategory: 'rental', otherRentalType: 'goods' }],
  ['other, retail storefront', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'storefront', otherRetailStoreType: 'Florist' }],
  ['other, retail direct', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'direct', otherDirectSalesCategory: 'catalog' }],
  ['other, retail other', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'other', otherRetailOtherActivity: 'Fairs' }],
  ['other, wholesale', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'wholesale', otherWholesaleOwnsTitle: 'true', otherWholesaleCommission: 'true' }],
];

// For each conditional message of spec section 5: answers that should produce it, and where.
const missingAnswers: [string, Partial<Activity>, string][] = [
  ['healthCareCategory', { principalActivity: 'health-care' }, 'Select a health care category'],
  ['otherHealthCareActivity', { principalActivity: 'health-care', healthCareCategory: 'other' }, 'Describe your health care activity'],
  ['otherHealthCareActivity', { principalActivity: 'health-care', healthCareCategory: 'other-mental-health', otherHealthCareActivity: ' x ' }, 'Describe your health care activity'],
  ['wholesaleAgentOwnsTitle', { principalActivity: 'wholesale-agent', wholesaleAgentCommission: 'true', wholesaleAgentGoods: 'Steel' }, 'Select if you own the title'],
  ['wholesaleAgentCommission', { principalActivity: 'wholesale-agent', wholesaleAgentOwnsTitle: 'true', wholesaleAgentGoods: 'Steel' }, 'Select commission basis'],
  ['wholesaleAgentGoods', { principalActivity: 'wholesale-agent', wholesaleAgentOwnsTitle: 'true', wholesaleAgentCommission: 'true', wholesaleAgentGoods: '  ' }, 'Describe the goods'],
  ['wholesaleOtherOwnsTitle', { principalActivity: 'wholesale-other', wholesaleOtherOwnsTitle: '', wholesaleOtherCommission: 'true', wholesaleOtherGoods: 'Toys' }, 'Select if you own the title'],
  ['wholesaleOtherCommission', { principalActivity: 'wholesale-other', wholesaleOtherOwnsTitle: 'true', wholesaleOtherGoods: 'Toys' }, 'Select commission basis'],
  ['wholesaleOtherGoods', { principalActivity: 'wholesale-other', wholesaleOtherOwnsTitle: 'true', wholesaleOtherCommission: 'false' }, 'Describe the goods'],
  ['constructionSingleTrade', { principalActivity: 'construction' }, 'Select if single trade'],
  ['constructionTradeType', { principalActivity: 'construction', constructionSingleTrade: 'true', constructionTradeType: 'a' }, 'Specify the trade type'],
  ['constructionBusinessCategory', { principalActivity: 'construction', constructionSingleTrade: 'false' }, 'Select construction business category'],
  ['rentalCategory', { principalActivity: 'rental' }, 'Select rental category'],
  ['rentalPropertyCategory', { principalActivity: 'rental', rentalCategory: 'real-estate' }, 'Select property category'],
  ['rentalGoodsType', { principalActivity: 'rental', rentalCategory: 'goods' }, 'Describe the goods'],
  ['transportationCategory', { principalActivity: 'transportation' }, 'Select transportation category'],
  ['cargoTransportType', { principalActivity: 'transportation', transportationCategory: 'cargo' }, 'Select cargo transport type'],
  ['passengerTransportType', { principalActivity: 'transportation', transportationCategory: 'passengers' }, 'Select passenger transport type'],
  ['otherTransportationActivity', { principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'other' }, 'Describe the transportation activity'],
  ['otherTransportationActivity', { principalActivity: 'transportation', transportationCategory: 'passengers', passengerTransportType: 'other' }, 'Describe the transportation activity'],
  ['accommodationCategory', { principalActivity: 'accommodation' }, 'Select accommodation category'],
  ['otherAccommodationActivity', { principalActivity: 'accommodation', accommodationCategory: 'other' }, 'Describe the accommodation activity'],
  ['retailCategory', { principalActivity: 'retail' }, 'Select retail category'],
  ['retailStoreType', { principalActivity: 'retail', retailCategory: 'storefront' }, 'Describe the store type'],
  ['directSalesCategory', { principalActivity: 'retail', retailCategory: 'direct' }, 'Select direct sales category'],
  ['otherRetailActivity', { principalActivity: 'retail', retailCategory: 'other' }, 'Describe the retail activity'],
  ['realEstateCategory', { principalActivity: 'real-estate' }, 'Select real estate category'],
  ['otherRealEstateActivity', { principalActivity: 'real-estate', realEstateCategory: 'other' }, 'Describe the real estate activity'],
  ['manufacturingGoodsType', { principalActivity: 'manufacturing' }, 'Describe the goods manufactured'],
  ['financeCategory', { principalActivity: 'finance' }, 'Select finance category'],
  ['otherFinanceActivity', { principalActivity: 'finance', financeCategory: 'other' }, 'Describe the finance activity'],
  ['otherCategory', { principalActivity: 'other' }, 'Select other category'],
  ['otherOrganizationType', { principalActivity: 'other', otherCategory: 'organization' }, 'Select organization type'],
  ['otherOrganizationActivity', { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: 'other' }, 'Describe the organization activity'],
  ['otherRentalType', { principalActivity: 'other', otherCategory: 'rental' }, 'Select rental type'],
  ['otherRentalPropertyCategory', { principalActivity: 'other', otherCategory: 'rental', otherRentalType: 'real-estate' }, 'Select property category'],
  ['otherGoodsType', { principalActivity: 'other', otherCategory: 'sell-goods' }, 'Select goods type'],
  ['otherRetailCategory', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail' }, 'Select retail category'],
  ['otherRetailStoreType', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'storefront' }, 'Describe the store type'],
  ['otherDirectSalesCategory', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'direct' }, 'Select direct sales category'],
  ['otherRetailOtherActivity', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'other' }, 'Describe the retail activity'],
  ['otherWholesaleOwnsTitle', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'wholesale', otherWholesaleCommission: 'true' }, 'Select if you own the title'],
  ['otherWholesaleCommission', { principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'wholesale', otherWholesaleOwnsTitle: 'true' }, 'Select commission basis'],
  ['providesOperatingAdvice', { principalActivity: 'other', otherCategory: 'consulting' }, 'Select if you provide operating advice'],
  ['consultingType', { principalActivity: 'other', otherCategory: 'consulting', providesOperatingAdvice: 'true' }, 'Describe the consulting type'],
];

describe('activitySchema', () => {
  it('types choices as their option values', () => {
    expectTypeOf<Activity['principalActivity']>().toEqualTypeOf<'' | (typeof principalActivityOptions)[number]['value']>();
    expectTypeOf<Activity['constructionSingleTrade']>().toEqualTypeOf<'' | 'true' | 'false' | undefined>();
    expectTypeOf<Activity['otherGoodsType']>().toEqualTypeOf<'' | 'retail' | 'wholesale' | undefined>();
    expectTypeOf<Activity['consultingType']>().toEqualTypeOf<string | undefined>();
  });

  it.each(validAnswers)('accepts %s', (_name, answers) => {
    expect(activitySchema.safeParse({ ...answers, ...product }).error?.issues).toBeUndefined();
  });

  it('covers every follow-up field with a valid answer', () => {
    const answered = new Set(validAnswers.flatMap(([, answers]) => Object.keys(answers)));
    for (const field of activityFollowUpFields) expect(answered, field).toContain(field);
  });

  it('rejects the empty form with the two always-required messages', () => {
    expect(messages(activityDefaults)).toEqual({
      principalActivity: ['Select a principal activity'],
      principalProductOrService: ['Please provide more detail about your principal product or service'],
    });
  });

  it.each([
    ['principalActivity', { principalActivity: '' }, 'Select a principal activity'],
    ['principalActivity', { principalActivity: 'farming' }, 'Select a principal activity'],
    ['principalActivity', { principalActivity: undefined }, 'Select a principal activity'],
    ['principalProductOrService', { principalProductOrService: '' }, 'Please provide more detail about your principal product or service'],
    ['principalProductOrService', { principalProductOrService: '   Furniture   ' }, 'Please provide more detail about your principal product or service'],
    ['principalProductOrService', { principalProductOrService: 'x'.repeat(501) }, 'Use 500 characters or fewer'],
  ])('%s: %j gives its message', (path, change, message) => {
    expect(messages({ principalActivity: 'manufacturing', manufacturingGoodsType: 'Wood furniture', ...product, ...change })[path]).toEqual([message]);
  });

  it('accepts a product description of exactly 10 characters after trimming and of 500 characters', () => {
    expect(messages({ principalActivity: 'retail', retailCategory: 'internet', principalProductOrService: '  Furniture! ' })).toEqual({});
    expect(messages({ principalActivity: 'retail', retailCategory: 'internet', principalProductOrService: 'x'.repeat(500) })).toEqual({});
  });

  it.each(missingAnswers)('%s: %j gives its message', (path, answers, message) => {
    expect(messages({ ...answers, ...product })).toEqual({ [path]: [message] });
  });

  it('needs at least 2 characters after trimming in free-text follow-ups, at most 500', () => {
    const base = { principalActivity: 'manufacturing', ...product } as const;
    expect(messages({ ...base, manufacturingGoodsType: ' a ' })).toEqual({ manufacturingGoodsType: ['Describe the goods manufactured'] });
    expect(messages({ ...base, manufacturingGoodsType: ' ab ' })).toEqual({});
    expect(messages({ ...base, manufacturingGoodsType: 'x'.repeat(501) })).toEqual({ manufacturingGoodsType: ['Use 500 characters or fewer'] });
  });

  it('requires nothing under an answer that opens no follow-up', () => {
    expect(messages({ principalActivity: 'rental', rentalCategory: 'manage-real-estate', ...product })).toEqual({});
    expect(messages({ principalActivity: 'other', otherCategory: 'service', ...product })).toEqual({});
    expect(messages({ principalActivity: 'other', otherCategory: 'consulting', providesOperatingAdvice: 'false', ...product })).toEqual({});
  });

  it('ignores answers of hidden follow-ups', () => {
    // Left over from another branch: not required, and not checked beyond their kind.
    expect(messages({ principalActivity: 'retail', retailCategory: 'internet', retailStoreType: '', constructionTradeType: 'a', ...product })).toEqual({});
  });

  it('shows the follow-up messages together with the field-level ones', () => {
    expect(messages({ principalActivity: 'transportation', transportationCategory: 'cargo', cargoTransportType: 'other', principalProductOrService: 'short' })).toEqual({
      otherTransportationActivity: ['Describe the transportation activity'],
      principalProductOrService: ['Please provide more detail about your principal product or service'],
    });
  });

  it('rejects values that are not among the options, and unknown keys', () => {
    expect(messages({ principalActivity: 'health-care', healthCareCategory: 'Dentist', ...product })).toEqual({
      healthCareCategory: ['Select a health care category'],
    });
    expect(messages({ principalActivity: 'construction', constructionSingleTrade: 'yes', ...product })).toEqual({
      constructionSingleTrade: ['Select if single trade'],
    });
    const unknownKey = activitySchema.safeParse({ principalActivity: 'retail', retailCategory: 'internet', ...product, naicsCode: '4541' });
    expect(unknownKey.error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
  });

  it('has every field in its defaults', () => {
    expect(Object.keys(activityDefaults).sort()).toEqual(Object.keys(activitySchema.shape).sort());
  });
});

describe('the follow-up tree', () => {
  it('opens a first question for each of the 12 principal activities', () => {
    expect(principalActivityOptions).toHaveLength(12);
    for (const option of principalActivityOptions) expect(activityFollowUps.principalActivity?.[option.value]).toBeDefined();
  });

  it('only branches on answers its parent offers', () => {
    for (const [parent, branches] of Object.entries(activityFollowUps)) {
      const question = parent === 'principalActivity' ? { kind: 'choice' as const, options: principalActivityOptions } : activityQuestions[parent as keyof typeof activityQuestions];
      const answers = question.kind === 'choice' ? question.options.map((option) => option.value) : question.kind === 'yesNo' ? ['true', 'false'] : [];
      for (const answer of Object.keys(branches ?? {})) expect(answers, `${parent} = ${answer}`).toContain(answer);
    }
  });

  it('lists the visible follow-ups parents first', () => {
    expect(
      visibleFollowUps({ principalActivity: 'other', otherCategory: 'sell-goods', otherGoodsType: 'retail', otherRetailCategory: 'direct', retailCategory: 'direct' }),
    ).toEqual(['otherCategory', 'otherGoodsType', 'otherRetailCategory', 'otherDirectSalesCategory']);
    expect(visibleFollowUps({ principalActivity: '' })).toEqual([]);
  });

  // Answers come from the browser: names of Object.prototype's members must not be read as branches.
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('opens nothing for the answer %s', (answer) => {
    expect(followUpsOf('principalActivity', answer)).toEqual([]);
    expect(followUpsOf('otherCategory', answer)).toEqual([]);
    expect(messages({ principalActivity: answer, otherCategory: answer, ...product })).toEqual({
      principalActivity: [activityMessages.principalActivity],
      otherCategory: [activityQuestions.otherCategory.message],
    });
  });
});
