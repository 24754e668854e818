import { z } from 'zod';
import { choice, optionalText, requiredChoice, valuesOf, yesNo, type Option, type YesNo } from './fields';

// Step 5, "Business Activity": the principal activity (Form SS-4 line 16), the follow-up questions
// each activity asks, and the principal product or service (line 17).
//
// `activityQuestions` describes every follow-up once (label, options, message) and
// `activityFollowUps` says which follow-ups show under which answer. The schema's conditional
// rules and the step-5 form both read these two, so they cannot disagree.

export const principalActivityOptions = [
  { value: 'health-care', label: 'Health care & social assistance' },
  { value: 'wholesale-agent', label: 'Wholesale-agent/broker' },
  { value: 'construction', label: 'Construction' },
  { value: 'rental', label: 'Rental & leasing' },
  { value: 'transportation', label: 'Transportation & warehousing' },
  { value: 'accommodation', label: 'Accommodation & food services' },
  { value: 'wholesale-other', label: 'Wholesale-other' },
  { value: 'retail', label: 'Retail' },
  { value: 'real-estate', label: 'Real estate' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'finance', label: 'Finance & insurance' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];
export type PrincipalActivity = (typeof principalActivityOptions)[number]['value'];

export const healthCareCategoryOptions = [
  { value: 'medical-doctor', label: 'Medical doctor' },
  { value: 'psychiatrist', label: 'Psychiatrist' },
  { value: 'other-mental-health', label: 'Other mental health practitioner' },
  { value: 'nursing-home', label: 'Nursing home' },
  { value: 'shelter', label: 'Shelter' },
  { value: 'youth-services', label: 'Youth services' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const constructionBusinessCategoryOptions = [
  { value: 'new-residential', label: 'Build new residential properties' },
  { value: 'remodel-residential', label: 'Remodel existing residential structures' },
  { value: 'non-residential', label: 'Build non-residential properties' },
  { value: 'other-structures', label: 'Build other types of structures (bridges, highways, water and sewer lines, pipelines)' },
] as const satisfies readonly Option[];

export const rentalCategoryOptions = [
  { value: 'real-estate', label: 'I rent, lease, or sell real estate' },
  { value: 'goods', label: 'I rent or lease goods' },
  { value: 'manage-real-estate', label: 'I manage real estate for others' },
] as const satisfies readonly Option[];

export const rentalPropertyCategoryOptions = [
  { value: 'agent', label: 'Real estate agent - no ownership' },
  { value: 'residential', label: 'Rent residential that I own' },
  { value: 'commercial', label: 'Rent commercial/industrial/other that I own' },
] as const satisfies readonly Option[];

export const transportationCategoryOptions = [
  { value: 'cargo', label: 'Primarily transport cargo' },
  { value: 'passengers', label: 'Primarily transport passengers' },
  { value: 'support', label: 'Provide a support activity for transportation' },
  { value: 'warehousing', label: 'Warehousing' },
] as const satisfies readonly Option[];

export const cargoTransportTypeOptions = [
  { value: 'air', label: 'Air' },
  { value: 'rail', label: 'Rail' },
  { value: 'trucking', label: 'Trucking' },
  { value: 'water', label: 'Water' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const passengerTransportTypeOptions = [
  { value: 'limousine', label: 'Limousine service' },
  { value: 'shuttle-bus', label: 'Shuttle bus' },
  { value: 'taxi', label: 'Taxi service' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const accommodationCategoryOptions = [
  { value: 'casino-hotel', label: 'Casino hotel' },
  { value: 'hotel', label: 'Hotel' },
  { value: 'motel', label: 'Motel' },
  { value: 'bar', label: 'Bar' },
  { value: 'bar-and-restaurant', label: 'Bar and restaurant' },
  { value: 'catering', label: 'Catering service' },
  { value: 'coffee-shop', label: 'Coffee shop' },
  { value: 'fast-food', label: 'Fast food restaurant' },
  { value: 'full-service-restaurant', label: 'Full service restaurant' },
  { value: 'ice-cream-shop', label: 'Ice cream shop' },
  { value: 'mobile-food', label: 'Mobile food service' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const retailCategoryOptions = [
  { value: 'internet', label: 'Internet sales only (including sales on auction sites)' },
  { value: 'storefront', label: 'Storefront sales' },
  { value: 'direct', label: 'Direct sales' },
  { value: 'auction-house', label: 'Auction house' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const directSalesCategoryOptions = [
  { value: 'catalog', label: 'Catalog' },
  { value: 'mail-order', label: 'Mail Order' },
  { value: 'door-to-door', label: 'Door to door' },
] as const satisfies readonly Option[];

export const realEstateCategoryOptions = [
  { value: 'rent-own-property', label: 'Rent or lease property owned by the company' },
  { value: 'build-property', label: 'Use capital to build property' },
  { value: 'sell-for-others', label: 'Sell property for others' },
  { value: 'manage-for-others', label: 'Manage real estate for others' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const financeCategoryOptions = [
  { value: 'commodities-broker', label: 'Commodities broker' },
  { value: 'credit-card-issuing', label: 'Credit card issuing' },
  { value: 'insurance-carrier', label: 'Insurance carrier' },
  { value: 'insurance-agent', label: 'Insurance agent or broker' },
  { value: 'investment-advice', label: 'Investment advice' },
  { value: 'investment-club', label: 'Investment club' },
  { value: 'investment-holding', label: 'Investment holding' },
  { value: 'mortgage-agent', label: 'Mortgage agent for selling mortgages' },
  { value: 'mortgage-lending', label: 'Mortgage lending funds with real estate as collateral' },
  { value: 'portfolio-management', label: 'Portfolio management' },
  { value: 'sales-financing', label: 'Sales financing' },
  { value: 'securities-broker', label: 'Securities broker' },
  { value: 'trust-administration', label: 'Trust administration' },
  { value: 'venture-capital', label: 'Venture capital company' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const otherCategoryOptions = [
  { value: 'consulting', label: 'Consulting' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'organization', label: 'Organization (such as religious, environmental, social or civic, athletic, etc.)' },
  { value: 'rental', label: 'Rental' },
  { value: 'repair', label: 'Repair' },
  { value: 'sell-goods', label: 'Sell goods' },
  { value: 'service', label: 'Service' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const otherOrganizationTypeOptions = [
  { value: 'athletic', label: 'Athletic' },
  { value: 'conservation', label: 'Conservation' },
  { value: 'environmental', label: 'Environmental' },
  { value: 'fundraising', label: 'Fundraising' },
  { value: 'homeowners-association', label: 'Homeowners association' },
  { value: 'religious', label: 'Religious' },
  { value: 'social-or-civic', label: 'Social or civic' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const otherRentalTypeOptions = [
  { value: 'real-estate', label: 'I rent, lease, or sell real estate' },
  { value: 'goods', label: 'I rent or lease goods' },
] as const satisfies readonly Option[];

export const otherRentalPropertyCategoryOptions = [
  { value: 'agent', label: 'I am a real estate agent - I do not own the structures I rent or sell' },
  { value: 'residential', label: 'I rent residential real estate that I own' },
  { value: 'commercial', label: 'I rent commercial, industrial, or other real estate that I own' },
] as const satisfies readonly Option[];

export const otherGoodsTypeOptions = [
  { value: 'retail', label: 'Retail' },
  { value: 'wholesale', label: 'Wholesale' },
] as const satisfies readonly Option[];

export const otherRetailCategoryOptions = [
  { value: 'internet', label: 'Internet sales only' },
  { value: 'storefront', label: 'Storefront sales' },
  { value: 'direct', label: 'Direct sales' },
  { value: 'auction-house', label: 'Auction house' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const otherDirectSalesCategoryOptions = [
  { value: 'catalog', label: 'Catalog' },
  { value: 'mail-order', label: 'Mail order' },
  { value: 'door-to-door', label: 'Door to door' },
] as const satisfies readonly Option[];

/** A follow-up question: a choice among options, a yes/no question, or a short free text. */
export type ActivityQuestion =
  | { readonly kind: 'choice'; readonly label: string; readonly message: string; readonly options: readonly Option[]; readonly hint?: string }
  | { readonly kind: 'yesNo'; readonly label: string; readonly message: string; readonly hint?: string }
  | { readonly kind: 'text'; readonly label: string; readonly message: string; readonly hint?: string; readonly placeholder?: string };

const ownsTitle = {
  kind: 'yesNo',
  label: 'Does the business own (take title to) the goods it sells?',
  message: 'Select if you own the title',
} as const;
const commission = {
  kind: 'yesNo',
  label: 'Does the business sell goods for others on a commission basis?',
  message: 'Select commission basis',
} as const;
const wholesaleGoods = {
  kind: 'text',
  label: 'What goods does the business sell?',
  message: 'Describe the goods',
  placeholder: 'e.g. Industrial machinery parts',
} as const;

/** Every follow-up question of step 5, by its field name. */
export const activityQuestions = {
  healthCareCategory: {
    kind: 'choice',
    label: 'Which best describes your health care or social assistance business?',
    message: 'Select a health care category',
    options: healthCareCategoryOptions,
  },
  otherHealthCareActivity: {
    kind: 'text',
    label: 'Describe your health care activity',
    message: 'Describe your health care activity',
    placeholder: 'e.g. Physical therapy clinic',
  },
  wholesaleAgentOwnsTitle: ownsTitle,
  wholesaleAgentCommission: commission,
  wholesaleAgentGoods: wholesaleGoods,
  wholesaleOtherOwnsTitle: ownsTitle,
  wholesaleOtherCommission: commission,
  wholesaleOtherGoods: wholesaleGoods,
  constructionSingleTrade: {
    kind: 'yesNo',
    label: 'Does the business work in a single construction trade?',
    hint: 'For example plumbing, electrical work, roofing or carpentry.',
    message: 'Select if single trade',
  },
  constructionTradeType: {
    kind: 'text',
    label: 'Which trade?',
    message: 'Specify the trade type',
    placeholder: 'e.g. Plumbing',
  },
  constructionBusinessCategory: {
    kind: 'choice',
    label: 'What kind of construction does the business do?',
    message: 'Select construction business category',
    options: constructionBusinessCategoryOptions,
  },
  rentalCategory: {
    kind: 'choice',
    label: 'Which best describes your rental or leasing business?',
    message: 'Select rental category',
    options: rentalCategoryOptions,
  },
  rentalPropertyCategory: {
    kind: 'choice',
    label: 'Which best describes your real estate activity?',
    message: 'Select property category',
    options: rentalPropertyCategoryOptions,
  },
  rentalGoodsType: {
    kind: 'text',
    label: 'What goods do you rent or lease?',
    message: 'Describe the goods',
    placeholder: 'e.g. Construction equipment',
  },
  transportationCategory: {
    kind: 'choice',
    label: 'Which best describes your transportation or warehousing business?',
    message: 'Select transportation category',
    options: transportationCategoryOptions,
  },
  cargoTransportType: {
    kind: 'choice',
    label: 'How do you transport cargo?',
    message: 'Select cargo transport type',
    options: cargoTransportTypeOptions,
  },
  passengerTransportType: {
    kind: 'choice',
    label: 'What kind of passenger transportation do you provide?',
    message: 'Select passenger transport type',
    options: passengerTransportTypeOptions,
  },
  otherTransportationActivity: {
    kind: 'text',
    label: 'Describe the transportation activity',
    message: 'Describe the transportation activity',
    placeholder: 'e.g. Non-emergency medical transport',
  },
  accommodationCategory: {
    kind: 'choice',
    label: 'Which best describes your accommodation or food service business?',
    message: 'Select accommodation category',
    options: accommodationCategoryOptions,
  },
  otherAccommodationActivity: {
    kind: 'text',
    label: 'Describe the accommodation or food service activity',
    message: 'Describe the accommodation activity',
    placeholder: 'e.g. Bed and breakfast',
  },
  retailCategory: {
    kind: 'choice',
    label: 'How does the business sell to its customers?',
    message: 'Select retail category',
    options: retailCategoryOptions,
  },
  retailStoreType: {
    kind: 'text',
    label: 'What type of store?',
    message: 'Describe the store type',
    placeholder: 'e.g. Clothing boutique',
  },
  directSalesCategory: {
    kind: 'choice',
    label: 'Which kind of direct sales?',
    message: 'Select direct sales category',
    options: directSalesCategoryOptions,
  },
  otherRetailActivity: {
    kind: 'text',
    label: 'Describe the retail activity',
    message: 'Describe the retail activity',
    placeholder: 'e.g. Farmers market stand',
  },
  realEstateCategory: {
    kind: 'choice',
    label: 'Which best describes your real estate business?',
    message: 'Select real estate category',
    options: realEstateCategoryOptions,
  },
  otherRealEstateActivity: {
    kind: 'text',
    label: 'Describe the real estate activity',
    message: 'Describe the real estate activity',
    placeholder: 'e.g. Property appraisal',
  },
  manufacturingGoodsType: {
    kind: 'text',
    label: 'What goods does the business make, and from what primary material?',
    hint: 'For example: wood furniture.',
    message: 'Describe the goods manufactured',
  },
  financeCategory: {
    kind: 'choice',
    label: 'Which best describes your finance or insurance business?',
    message: 'Select finance category',
    options: financeCategoryOptions,
  },
  otherFinanceActivity: {
    kind: 'text',
    label: 'Describe the finance or insurance activity',
    message: 'Describe the finance activity',
    placeholder: 'e.g. Payroll lending',
  },
  otherCategory: {
    kind: 'choice',
    label: 'Which best describes your business?',
    message: 'Select other category',
    options: otherCategoryOptions,
  },
  otherOrganizationType: {
    kind: 'choice',
    label: 'What type of organization is it?',
    message: 'Select organization type',
    options: otherOrganizationTypeOptions,
  },
  otherOrganizationActivity: {
    kind: 'text',
    label: "Describe the organization's activity",
    message: 'Describe the organization activity',
    placeholder: 'e.g. Community theater group',
  },
  otherRentalType: {
    kind: 'choice',
    label: 'What do you rent?',
    message: 'Select rental type',
    options: otherRentalTypeOptions,
  },
  otherRentalPropertyCategory: {
    kind: 'choice',
    label: 'Which best describes your real estate activity?',
    message: 'Select property category',
    options: otherRentalPropertyCategoryOptions,
  },
  otherGoodsType: {
    kind: 'choice',
    label: 'Do you sell the goods at retail or wholesale?',
    message: 'Select goods type',
    options: otherGoodsTypeOptions,
  },
  otherRetailCategory: {
    kind: 'choice',
    label: 'How does the business sell to its customers?',
    message: 'Select retail category',
    options: otherRetailCategoryOptions,
  },
  otherRetailStoreType: {
    kind: 'text',
    label: 'What type of store?',
    message: 'Describe the store type',
    placeholder: 'e.g. Hardware store',
  },
  otherDirectSalesCategory: {
    kind: 'choice',
    label: 'Which kind of direct sales?',
    message: 'Select direct sales category',
    options: otherDirectSalesCategoryOptions,
  },
  otherRetailOtherActivity: {
    kind: 'text',
    label: 'Describe the retail activity',
    message: 'Describe the retail activity',
    placeholder: 'e.g. Pop-up market stalls',
  },
  otherWholesaleOwnsTitle: ownsTitle,
  otherWholesaleCommission: commission,
  providesOperatingAdvice: {
    kind: 'yesNo',
    label: 'Does the business give operating advice and assistance to other businesses?',
    message: 'Select if you provide operating advice',
  },
  consultingType: {
    kind: 'text',
    label: 'What type of consulting?',
    message: 'Describe the consulting type',
    placeholder: 'e.g. Management consulting',
  },
} as const satisfies Record<string, ActivityQuestion>;

export type ActivityFollowUpField = keyof typeof activityQuestions;
export const activityFollowUpFields = Object.keys(activityQuestions) as ActivityFollowUpField[];

/** The fields whose answer can open further questions: principalActivity and some follow-ups. */
export type ActivityParentField = 'principalActivity' | ActivityFollowUpField;

/**
 * Which follow-ups show under which answer: parent field -> answer value -> the questions shown,
 * in order. Answers not listed open nothing.
 */
export const activityFollowUps: Partial<Record<ActivityParentField, Readonly<Record<string, readonly ActivityFollowUpField[]>>>> = {
  principalActivity: {
    'health-care': ['healthCareCategory'],
    'wholesale-agent': ['wholesaleAgentOwnsTitle', 'wholesaleAgentCommission', 'wholesaleAgentGoods'],
    construction: ['constructionSingleTrade'],
    rental: ['rentalCategory'],
    transportation: ['transportationCategory'],
    accommodation: ['accommodationCategory'],
    'wholesale-other': ['wholesaleOtherOwnsTitle', 'wholesaleOtherCommission', 'wholesaleOtherGoods'],
    retail: ['retailCategory'],
    'real-estate': ['realEstateCategory'],
    manufacturing: ['manufacturingGoodsType'],
    finance: ['financeCategory'],
    other: ['otherCategory'],
  },
  healthCareCategory: { 'other-mental-health': ['otherHealthCareActivity'], other: ['otherHealthCareActivity'] },
  constructionSingleTrade: { true: ['constructionTradeType'], false: ['constructionBusinessCategory'] },
  rentalCategory: { 'real-estate': ['rentalPropertyCategory'], goods: ['rentalGoodsType'] },
  transportationCategory: { cargo: ['cargoTransportType'], passengers: ['passengerTransportType'] },
  cargoTransportType: { other: ['otherTransportationActivity'] },
  passengerTransportType: { other: ['otherTransportationActivity'] },
  accommodationCategory: { other: ['otherAccommodationActivity'] },
  retailCategory: { storefront: ['retailStoreType'], direct: ['directSalesCategory'], other: ['otherRetailActivity'] },
  realEstateCategory: { other: ['otherRealEstateActivity'] },
  financeCategory: { other: ['otherFinanceActivity'] },
  otherCategory: {
    consulting: ['providesOperatingAdvice'],
    organization: ['otherOrganizationType'],
    rental: ['otherRentalType'],
    'sell-goods': ['otherGoodsType'],
  },
  otherOrganizationType: { other: ['otherOrganizationActivity'] },
  otherRentalType: { 'real-estate': ['otherRentalPropertyCategory'] },
  otherGoodsType: { retail: ['otherRetailCategory'], wholesale: ['otherWholesaleOwnsTitle', 'otherWholesaleCommission'] },
  otherRetailCategory: {
    storefront: ['otherRetailStoreType'],
    direct: ['otherDirectSalesCategory'],
    other: ['otherRetailOtherActivity'],
  },
  providesOperatingAdvice: { true: ['consultingType'] },
};

/** The follow-ups a parent's answer opens (none for an unanswered or unlisted answer). */
export function followUpsOf(parent: ActivityParentField, answer: unknown): readonly ActivityFollowUpField[] {
  const byAnswer = activityFollowUps[parent];
  // Own keys only: an answer such as 'constructor' or '__proto__' must not reach Object.prototype.
  return typeof answer === 'string' && byAnswer && Object.hasOwn(byAnswer, answer) ? (byAnswer[answer] ?? []) : [];
}

/** The follow-up questions the given answers make visible, parents before their children. */
export function visibleFollowUps(values: Partial<Record<ActivityParentField, unknown>>): ActivityFollowUpField[] {
  const visible: ActivityFollowUpField[] = [];
  const open = (parent: ActivityParentField) => {
    for (const field of followUpsOf(parent, values[parent])) {
      visible.push(field);
      open(field);
    }
  };
  open('principalActivity');
  return visible;
}

export const activityMessages = {
  principalActivity: 'Select a principal activity',
  principalProductOrService: 'Please provide more detail about your principal product or service',
  tooLong: 'Use 500 characters or fewer',
} as const;

const textMaxLength = 500;
const followUpTextMinLength = 2;
const productOrServiceMinLength = 10;

/** The value a follow-up holds: an option's value, 'true'/'false', or free text ('' while unanswered). */
type FollowUpValue<Q> = Q extends { kind: 'choice'; options: readonly { value: infer V }[] }
  ? V | ''
  : Q extends { kind: 'yesNo' }
    ? YesNo | ''
    : string;

/** A follow-up's own check: one of its options, yes/no, or text within the limit ('' while unanswered). */
function followUpSchema(question: ActivityQuestion): z.ZodType<string, string> {
  switch (question.kind) {
    case 'choice':
      return choice(valuesOf(question.options), question.message);
    case 'yesNo':
      return yesNo(question.message);
    case 'text':
      return optionalText(textMaxLength, activityMessages.tooLong);
  }
}

type FollowUpValueOf<K extends ActivityFollowUpField> = FollowUpValue<(typeof activityQuestions)[K]>;
type FollowUpShape = { [K in ActivityFollowUpField]: z.ZodOptional<z.ZodType<FollowUpValueOf<K>, FollowUpValueOf<K>>> };

// Follow-ups are optional in the shape: hidden ones are not submitted. Whether one is required
// depends on its parent's answer, checked in the superRefine below. Each field's schema accepts
// exactly the values its FollowUpValue names, which the type of the shape records.
const followUpShape = Object.fromEntries(
  activityFollowUpFields.map((field) => [field, followUpSchema(activityQuestions[field]).optional()]),
) as FollowUpShape;

function isAnswered(question: ActivityQuestion, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (question.kind === 'text') return value.trim().length >= followUpTextMinLength;
  return value !== '';
}

export const activitySchema = z
  .strictObject({
    principalActivity: requiredChoice(valuesOf(principalActivityOptions), activityMessages.principalActivity),
    ...followUpShape,
    principalProductOrService: optionalText(textMaxLength, activityMessages.tooLong).refine(
      (value) => value.trim().length >= productOrServiceMinLength,
      { message: activityMessages.principalProductOrService },
    ),
  })
  .superRefine(
    (values, ctx) => {
      for (const field of visibleFollowUps(values)) {
        const question: ActivityQuestion = activityQuestions[field];
        const value: unknown = values[field];
        // A value of the wrong kind already has the field's own message.
        if (value !== undefined && typeof value !== 'string') continue;
        if (!isAnswered(question, value)) ctx.addIssue({ code: 'custom', path: [field], message: question.message });
      }
    },
    // Run even when a field above failed, so every message shows at once (values may be malformed then).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

export type Activity = z.infer<typeof activitySchema>;

/**
 * What each answer is called where it is read back (the staff's submission view). A follow-up is
 * called by its question's label in activityQuestions, the same on the page and for staff.
 */
export const activityLabels = {
  principalActivity: 'Principal Activity',
  principalProductOrService: 'Principal Product or Service',
} as const satisfies Record<Exclude<keyof Activity, ActivityFollowUpField>, string>;

/** Where step 5 words a question otherwise than activityLabels. */
export const activityPageLabels = {
  principalActivity: "What is your business's principal activity?",
  principalProductOrService: 'Principal product or service',
} as const satisfies Partial<Record<keyof Activity, string>>;

export const activityDefaults: Activity = {
  principalActivity: '',
  ...(Object.fromEntries(activityFollowUpFields.map((field) => [field, ''])) as Record<ActivityFollowUpField, ''>),
  principalProductOrService: '',
};
