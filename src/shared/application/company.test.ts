import { describe, expect, it } from 'vitest';
import {
  asksBankingPurpose,
  asksHusbandWife,
  asksOtherEntityDescription,
  companyDefaults,
  companyMessages,
  companyNameKind,
  companySchema,
  corporationTypeOptions,
  entityTypeOptions,
  llcTaxClassificationOptions,
  partnershipTypeOptions,
  reasonForEin,
  reasonOptions,
  soleProprietorTypeOptions,
  trustTypeOptions,
} from './company';
import { communityPropertyStates } from './options';

const basics = { companyName: 'Acme Widgets', state: 'TX', hasTradeName: 'false' };

/** What the form submits: only the fields on screen (hidden ones are unregistered). */
const valid = {
  soleProprietor: {
    ...basics,
    entityType: 'Sole Proprietor',
    soleProprietorType: 'Sole Proprietor',
    soleProprietorReason: 'Banking purposes',
    bankingPurpose: 'Checking account for the shop',
  },
  soleProprietorNoType: { ...basics, entityType: 'Sole Proprietor', soleProprietorType: '' },
  householdEmployer: { ...basics, entityType: 'Sole Proprietor', soleProprietorType: 'Household Employer' },
  partnership: { ...basics, entityType: 'Partnership', partnershipType: 'Joint Venture', partnershipReason: 'Hired employee(s)' },
  corporation: { ...basics, entityType: 'Corporation', corporationType: 'S Corporation', corporationReason: 'Started a new business' },
  settlementFund: { ...basics, entityType: 'Corporation', corporationType: 'Settlement Fund' },
  llcOneMember: { ...basics, entityType: 'LLC', llcMemberCount: '1', llcLocationState: 'TX', llcRicReason: 'Started a new business' },
  llcTwoMembersNotCommunityProperty: { ...basics, entityType: 'LLC', llcMemberCount: '2', llcLocationState: 'NY', llcRicReason: 'Banking purposes', bankingPurpose: 'Deposit account' },
  llcHusbandWife: {
    ...basics,
    entityType: 'LLC',
    llcMemberCount: '2',
    llcLocationState: 'TX',
    llcIsHusbandWife: 'true',
    llcTaxClassification: 'Single-member LLC',
    llcRicReason: 'Purchased active business',
  },
  llcNotHusbandWife: { ...basics, entityType: 'LLC', llcMemberCount: '2', llcLocationState: 'CA', llcIsHusbandWife: 'false', llcRicReason: 'Changed type of organization' },
  trust: { ...basics, entityType: 'Trust', trustType: 'Irrevocable Trust' },
  trustNoType: { ...basics, entityType: 'Trust', trustType: '' },
  estate: { ...basics, entityType: 'Estate', estateReason: 'Administering the estate' },
  estateBanking: { ...basics, entityType: 'Estate', estateReason: 'Banking purposes', bankingPurpose: 'Estate checking account' },
  others: { ...basics, entityType: 'Others', otherEntityType: 'Church', othersReason: 'Hired employee(s)' },
  othersNonprofit: {
    ...basics,
    entityType: 'Others',
    otherEntityType: 'Nonprofit organization',
    otherEntityDescription: 'Social club',
    othersReason: 'Started a new business',
  },
  othersOther: { ...basics, entityType: 'Others', otherEntityType: 'Other', otherEntityDescription: 'Bankruptcy estate', othersReason: 'Banking purposes', bankingPurpose: 'Trustee account' },
  tradeName: { ...basics, entityType: 'Estate', estateReason: 'Hired employee(s)', hasTradeName: 'true', tradeName: 'Acme & Sons - West 2' },
  tradeNameUnanswered: { ...basics, entityType: 'Estate', estateReason: 'Hired employee(s)', hasTradeName: '' },
  noTradeNameIgnoresText: { ...basics, entityType: 'Estate', estateReason: 'Hired employee(s)', hasTradeName: 'false', tradeName: 'Acme LLC.' },
  everyFieldFilled: {
    ...companyDefaults,
    ...basics,
    entityType: 'Corporation',
    corporationType: 'REIT',
    corporationReason: 'Banking purposes',
    bankingPurpose: 'Operating account',
  },
};

function issuesOf(input: unknown): { path: string; message: string }[] {
  const result = companySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** The message the form shows for a field: react-hook-form shows the first issue of each path. */
function firstMessageAt(input: unknown, path: string): string | undefined {
  return issuesOf(input).find((issue) => issue.path === path)?.message;
}

describe('companySchema', () => {
  it.each(Object.entries(valid))('accepts a complete answer: %s', (_name, input) => {
    expect(issuesOf(input)).toEqual([]);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['empty company name', { ...valid.estate, companyName: '' }, 'companyName', companyMessages.companyName],
    ['one-letter company name', { ...valid.estate, companyName: 'A' }, 'companyName', companyMessages.companyName],
    ['blank company name', { ...valid.estate, companyName: '   ' }, 'companyName', companyMessages.companyName],
    ['overlong company name', { ...valid.estate, companyName: 'A'.repeat(201) }, 'companyName', companyMessages.companyNameTooLong],
    ['no state', { ...valid.estate, state: '' }, 'state', companyMessages.state],
    ['a territory is not a state', { ...valid.estate, state: 'PR' }, 'state', companyMessages.state],
    ['state by name', { ...valid.estate, state: 'Texas' }, 'state', companyMessages.state],
    ['no entity type', { ...basics, entityType: '' }, 'entityType', companyMessages.entityType],
    ['unknown entity type', { ...basics, entityType: 'Cooperative' }, 'entityType', companyMessages.entityType],
    ['trade name missing', { ...valid.estate, hasTradeName: 'true' }, 'tradeName', companyMessages.tradeName],
    ['trade name empty', { ...valid.estate, hasTradeName: 'true', tradeName: '' }, 'tradeName', companyMessages.tradeName],
    ['trade name one letter after trimming', { ...valid.estate, hasTradeName: 'true', tradeName: '  A  ' }, 'tradeName', companyMessages.tradeName],
    ['trade name ending LLC', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme LLC' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending llc (any case)', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme llc' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending LC', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme LC' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending PLLC', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme PLLC' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending PA', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme PA' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending Corp', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme Corp' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending Inc', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme INC' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending Inc.', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme Inc.' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending Corporation', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme Corporation' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending Incorporated', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme Incorporated' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending -LLC', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme-LLC' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name ending with a space after Corp', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme Corp ' }, 'tradeName', companyMessages.tradeNameEnding],
    ['trade name with a comma', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme, West' }, 'tradeName', companyMessages.tradeNameCharacters],
    ['trade name with an apostrophe', { ...valid.estate, hasTradeName: 'true', tradeName: "Bob's Diner" }, 'tradeName', companyMessages.tradeNameCharacters],
    ['trade name with a period', { ...valid.estate, hasTradeName: 'true', tradeName: 'Acme.com' }, 'tradeName', companyMessages.tradeNameCharacters],
    ['overlong trade name', { ...valid.estate, hasTradeName: 'true', tradeName: 'A'.repeat(201) }, 'tradeName', companyMessages.tradeNameTooLong],
    ['corporation without type', { ...basics, entityType: 'Corporation', corporationType: '' }, 'corporationType', companyMessages.corporationType],
    ['corporation type missing', { ...basics, entityType: 'Corporation' }, 'corporationType', companyMessages.corporationType],
    ['corporation without reason', { ...basics, entityType: 'Corporation', corporationType: 'Corporation', corporationReason: '' }, 'corporationReason', companyMessages.reasonForEin],
    ['REIT without reason', { ...basics, entityType: 'Corporation', corporationType: 'REIT' }, 'corporationReason', companyMessages.reasonForEin],
    ['partnership without type', { ...basics, entityType: 'Partnership', partnershipType: '' }, 'partnershipType', companyMessages.partnershipType],
    ['partnership without reason', { ...basics, entityType: 'Partnership', partnershipType: 'Partnership', partnershipReason: '' }, 'partnershipReason', companyMessages.reasonForEin],
    ['sole proprietor without reason', { ...basics, entityType: 'Sole Proprietor', soleProprietorType: 'Sole Proprietor', soleProprietorReason: '' }, 'soleProprietorReason', companyMessages.reasonForEin],
    ['LLC without member count', { ...valid.llcOneMember, llcMemberCount: '' }, 'llcMemberCount', companyMessages.llcMemberCount],
    ['LLC with no members', { ...valid.llcOneMember, llcMemberCount: '0' }, 'llcMemberCount', companyMessages.llcMemberCount],
    ['LLC with a fraction of a member', { ...valid.llcOneMember, llcMemberCount: '1.5' }, 'llcMemberCount', companyMessages.llcMemberCount],
    ['LLC with a negative count', { ...valid.llcOneMember, llcMemberCount: '-2' }, 'llcMemberCount', companyMessages.llcMemberCount],
    ['LLC count in words', { ...valid.llcOneMember, llcMemberCount: 'two' }, 'llcMemberCount', companyMessages.llcMemberCount],
    ['LLC without location state', { ...valid.llcOneMember, llcLocationState: '' }, 'llcLocationState', companyMessages.llcLocationState],
    ['LLC location not a state', { ...valid.llcOneMember, llcLocationState: 'PR' }, 'llcLocationState', companyMessages.llcLocationState],
    ['two-member Texas LLC without husband-and-wife answer', { ...valid.llcHusbandWife, llcIsHusbandWife: '', llcTaxClassification: undefined }, 'llcIsHusbandWife', companyMessages.llcIsHusbandWife],
    ['husband-and-wife LLC without classification', { ...valid.llcHusbandWife, llcTaxClassification: '' }, 'llcTaxClassification', companyMessages.llcTaxClassification],
    ['LLC without reason', { ...valid.llcOneMember, llcRicReason: '' }, 'llcRicReason', companyMessages.llcRicReason],
    ['LLC reason missing', { ...valid.llcOneMember, llcRicReason: undefined }, 'llcRicReason', companyMessages.llcRicReason],
    ['estate without reason', { ...valid.estate, estateReason: '' }, 'estateReason', companyMessages.reasonForEin],
    ['estate reason missing', { ...valid.estate, estateReason: undefined }, 'estateReason', companyMessages.reasonForEin],
    ['estate reason not an estate reason', { ...valid.estate, estateReason: 'Started a new business' }, 'estateReason', companyMessages.reasonForEin],
    ['Others without its kind', { ...valid.others, otherEntityType: '' }, 'otherEntityType', companyMessages.otherEntityType],
    ['Others of an unknown kind', { ...valid.others, otherEntityType: 'REMIC' }, 'otherEntityType', companyMessages.otherEntityType],
    ['nonprofit without description', { ...valid.othersNonprofit, otherEntityDescription: '' }, 'otherEntityDescription', companyMessages.otherEntityDescription],
    ['other kind with a blank description', { ...valid.othersOther, otherEntityDescription: '   ' }, 'otherEntityDescription', companyMessages.otherEntityDescription],
    ['overlong description', { ...valid.othersNonprofit, otherEntityDescription: 'A'.repeat(61) }, 'otherEntityDescription', companyMessages.otherEntityDescriptionTooLong],
    ['Others without reason', { ...valid.others, othersReason: '' }, 'othersReason', companyMessages.reasonForEin],
    ['banking reason without purpose', { ...valid.llcTwoMembersNotCommunityProperty, bankingPurpose: '' }, 'bankingPurpose', companyMessages.bankingPurpose],
    ['banking reason with a blank purpose', { ...valid.estateBanking, bankingPurpose: '  ' }, 'bankingPurpose', companyMessages.bankingPurpose],
    ['banking reason, purpose missing', { ...valid.othersOther, bankingPurpose: undefined }, 'bankingPurpose', companyMessages.bankingPurpose],
    ['overlong banking purpose', { ...valid.soleProprietor, bankingPurpose: 'A'.repeat(61) }, 'bankingPurpose', companyMessages.bankingPurposeTooLong],
  ];

  it.each(bad)('rejects %s', (_name, input, path, message) => {
    expect(firstMessageAt(input, path)).toBe(message);
  });

  it('reports the page-wide rules together with the field rules, each at its field', () => {
    const issues = issuesOf({ ...companyDefaults, entityType: 'LLC', hasTradeName: 'true', tradeName: 'X' });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'companyName', message: companyMessages.companyName },
        { path: 'state', message: companyMessages.state },
        { path: 'tradeName', message: companyMessages.tradeName },
        { path: 'llcMemberCount', message: companyMessages.llcMemberCount },
        { path: 'llcLocationState', message: companyMessages.llcLocationState },
        { path: 'llcRicReason', message: companyMessages.llcRicReason },
      ]),
    );
  });

  it('shows the endings message before the characters message for a name like "Acme, Inc."', () => {
    expect(firstMessageAt({ ...valid.estate, hasTradeName: 'true', tradeName: 'Acme, Inc.' }, 'tradeName')).toBe(companyMessages.tradeNameEnding);
  });

  it.each([
    ['Café Olé Holdings LLC', 'corporation'],
    ['Smith, Jones & Co.', 'partnership'],
    ["Joe's Bakery LLC", 'llcOneMember'],
    ['Public Family Trust u/a/d 1/1/2020', 'trust'],
  ] as const)('refuses the legal name %j with the characters the IRS takes for a business', (companyName, kind) => {
    expect(issuesOf({ ...valid[kind], companyName })).toEqual([{ path: 'companyName', message: companyMessages.companyNameCharacters }]);
  });

  it.each(['Acme & Sons 2 LLC', 'Hill-Country Woodworks Inc', 'Estate of John Q Public', '3M Holdings'])('accepts the legal name %j', (companyName) => {
    expect(issuesOf({ ...valid.corporation, companyName })).toEqual([]);
  });

  it("checks a sole proprietor's name as a person's, without digits", () => {
    expect(issuesOf({ ...valid.soleProprietor, companyName: 'Renée O’Connor' })).toEqual([{ path: 'companyName', message: companyMessages.ownerNameCharacters }]);
    expect(issuesOf({ ...valid.householdEmployer, companyName: 'Jane Doe 2' })).toEqual([{ path: 'companyName', message: companyMessages.ownerNameCharacters }]);
    expect(issuesOf({ ...valid.soleProprietor, companyName: 'Renee OConnor' })).toEqual([]);
    expect(companyNameKind('Sole Proprietor')).toBe('person');
    expect(companyNameKind('LLC')).toBe('business');
    expect(companyNameKind(undefined)).toBe('business');
  });

  it.each(['Papa Johns', 'Incline Bakery', 'Spa Days', 'Corporate Events', 'Acme Co', 'LLCs Unlimited'])(
    'accepts the trade name %j (the endings rule applies only to a whole word at the end)',
    (tradeName) => {
      expect(issuesOf({ ...valid.estate, hasTradeName: 'true', tradeName })).toEqual([]);
    },
  );

  it('applies no trade-name rule when the company has no trade name', () => {
    for (const hasTradeName of ['', 'false']) {
      expect(issuesOf({ ...valid.estate, hasTradeName, tradeName: 'Bad, Name LLC' })).toEqual([]);
    }
  });

  it('asks no reason of a settlement fund or a household employer', () => {
    expect(issuesOf(valid.settlementFund)).toEqual([]);
    expect(issuesOf(valid.householdEmployer)).toEqual([]);
  });

  it('asks the banking purpose only of the reason the entity type asks, once it is banking', () => {
    // A banking answer left behind by another entity type's question asks nothing.
    expect(issuesOf({ ...valid.estate, llcRicReason: 'Banking purposes' })).toEqual([]);
    expect(issuesOf({ ...valid.householdEmployer, soleProprietorReason: 'Banking purposes' })).toEqual([]);
    expect(asksBankingPurpose({ entityType: 'Corporation', corporationType: 'Settlement Fund', corporationReason: 'Banking purposes' })).toBe(false);
    expect(asksBankingPurpose({ entityType: 'Others', othersReason: 'Banking purposes' })).toBe(true);
    expect(asksBankingPurpose({ entityType: 'Estate', estateReason: 'Hired employee(s)' })).toBe(false);
  });

  it('gives the reason of the question each entity type asks', () => {
    expect(reasonForEin({ entityType: 'Estate', estateReason: 'Administering the estate', llcRicReason: 'Hired employee(s)' })).toBe('Administering the estate');
    expect(reasonForEin({ entityType: 'Others', othersReason: 'Purchased active business' })).toBe('Purchased active business');
    expect(reasonForEin({ entityType: 'Trust', othersReason: 'Banking purposes' })).toBe('');
  });

  it('asks the description of an Others entity for a nonprofit or another kind, not a church', () => {
    expect(asksOtherEntityDescription('Nonprofit organization')).toBe(true);
    expect(asksOtherEntityDescription('Other')).toBe(true);
    expect(asksOtherEntityDescription('Church')).toBe(false);
    expect(asksOtherEntityDescription('')).toBe(false);
  });

  it('asks the husband-and-wife question only of exactly 2 members in a community property state', () => {
    const unanswered = { ...valid.llcOneMember, llcIsHusbandWife: '' };
    for (const state of communityPropertyStates) {
      expect(firstMessageAt({ ...unanswered, llcMemberCount: '2', llcLocationState: state }, 'llcIsHusbandWife')).toBe(companyMessages.llcIsHusbandWife);
      expect(firstMessageAt({ ...unanswered, llcMemberCount: '3', llcLocationState: state }, 'llcIsHusbandWife')).toBeUndefined();
    }
    expect(firstMessageAt({ ...unanswered, llcMemberCount: '2', llcLocationState: 'FL' }, 'llcIsHusbandWife')).toBeUndefined();
  });

  it('asks the tax classification only when the members are husband and wife', () => {
    expect(firstMessageAt({ ...valid.llcHusbandWife, llcIsHusbandWife: 'false', llcTaxClassification: '' }, 'llcTaxClassification')).toBeUndefined();
  });

  it('rejects unknown keys, including the never-asked escrow and receivership answers', () => {
    for (const key of ['escrowReason', 'receivershipReason', 'additionalEntityType', 'additionalEntityReason', 'ssn']) {
      const result = companySchema.safeParse({ ...valid.estate, [key]: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
    }
  });

  it('rejects values that are not among the options', () => {
    expect(firstMessageAt({ ...valid.corporation, corporationType: 'C Corp' }, 'corporationType')).toBe(companyMessages.corporationType);
    expect(firstMessageAt({ ...valid.corporation, corporationReason: 'Other' }, 'corporationReason')).toBe(companyMessages.reasonForEin);
    expect(firstMessageAt({ ...valid.trust, trustType: 'Escrow' }, 'trustType')).toBe(companyMessages.trustType);
    expect(firstMessageAt({ ...valid.estate, hasTradeName: 'yes' }, 'hasTradeName')).toBe(companyMessages.hasTradeName);
    expect(firstMessageAt({ ...valid.llcHusbandWife, llcTaxClassification: 'Corporation' }, 'llcTaxClassification')).toBe(companyMessages.llcTaxClassification);
  });

  it('rejects values of the wrong type', () => {
    expect(firstMessageAt({ ...valid.estate, companyName: 42 }, 'companyName')).toBe(companyMessages.companyName);
    expect(firstMessageAt({ ...valid.llcOneMember, llcMemberCount: 2 }, 'llcMemberCount')).toBe(companyMessages.llcMemberCount);
  });

  it('has an empty default for every field, which is not yet a valid answer', () => {
    expect(Object.keys(companyDefaults).sort()).toEqual(Object.keys(companySchema.shape).sort());
    expect(Object.values(companyDefaults).every((value) => value === '')).toBe(true);
    expect(companySchema.safeParse(companyDefaults).success).toBe(false);
  });
});

describe('step 1 options', () => {
  it('labels the entity types as the specification does, with readable values', () => {
    expect(entityTypeOptions.map((option) => [option.value, option.label])).toEqual([
      ['Sole Proprietor', 'Sole Proprietor'],
      ['Partnership', 'Partnerships'],
      ['Corporation', 'Corporations'],
      ['LLC', 'Limited Liability Company (LLC)'],
      ['Estate', 'Estate'],
      ['Trust', 'Trusts'],
      ['Others', 'Others'],
    ]);
  });

  it('lists the other choices verbatim', () => {
    expect(corporationTypeOptions.map((option) => option.label)).toEqual([
      'Corporation',
      'S Corporation',
      'Personal Service Corporation',
      'Real Estate Investment Trust (REIT)',
      'Regulated Investment Conduit (RIC)',
      'Settlement Fund (under IRC Sec 4688)',
    ]);
    expect(corporationTypeOptions.map((option) => option.value)).toEqual([
      'Corporation',
      'S Corporation',
      'Personal Service Corporation',
      'REIT',
      'RIC',
      'Settlement Fund',
    ]);
    expect(reasonOptions.map((option) => option.label)).toEqual([
      'Started a new business',
      'Hired employee(s)',
      'Banking purposes',
      'Changed type of organization',
      'Purchased active business',
    ]);
    expect(partnershipTypeOptions.map((option) => option.label)).toEqual(['Partnership', 'Joint Venture']);
    expect(soleProprietorTypeOptions.map((option) => option.label)).toEqual(['Sole Proprietor', 'Household Employer']);
    expect(trustTypeOptions.map((option) => option.label)).toEqual(['Revocable Trust', 'Irrevocable Trust', 'Other']);
    expect(llcTaxClassificationOptions.map((option) => option.label)).toEqual(['Multi-member LLC', 'Single-member LLC']);
  });

  it('decides the husband-and-wife question from the member count text and the state', () => {
    expect(asksHusbandWife('2', 'WA')).toBe(true);
    expect(asksHusbandWife('2', 'OR')).toBe(false);
    expect(asksHusbandWife('1', 'WA')).toBe(false);
    expect(asksHusbandWife('02', 'WA')).toBe(false);
    expect(asksHusbandWife(undefined, undefined)).toBe(false);
  });
});
