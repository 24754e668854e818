import { z } from 'zod';
import { m } from '#shared/i18n/messages.ts';
import { choice, option, optionalText, requiredChoice, spoken, valuesOf, yesNo, type Option, type YesNo } from './fields';

// Step 5, "Business Activity": the principal activity (Form SS-4 line 16), the follow-up questions
// each activity asks, and the principal product or service (line 17).
//
// `activityQuestions` describes every follow-up once (label, options, message) and
// `activityFollowUps` says which follow-ups show under which answer. The schema's conditional
// rules and the step-5 form both read these two, so they cannot disagree.

export const principalActivityOptions = [
  option({ value: 'health-care', label: m.options_activity_health_care, formText: 'Health care & social assistance' }),
  option({ value: 'wholesale-agent', label: m.options_activity_wholesale_agent, formText: 'Wholesale-agent/broker' }),
  option({ value: 'construction', label: m.options_activity_construction, formText: 'Construction' }),
  option({ value: 'rental', label: m.options_activity_rental, formText: 'Rental & leasing' }),
  option({ value: 'transportation', label: m.options_activity_transportation, formText: 'Transportation & warehousing' }),
  option({ value: 'accommodation', label: m.options_activity_accommodation, formText: 'Accommodation & food services' }),
  option({ value: 'wholesale-other', label: m.options_activity_wholesale_other, formText: 'Wholesale-other' }),
  option({ value: 'retail', label: m.options_activity_retail, formText: 'Retail' }),
  option({ value: 'real-estate', label: m.options_activity_real_estate, formText: 'Real estate' }),
  option({ value: 'manufacturing', label: m.options_activity_manufacturing, formText: 'Manufacturing' }),
  option({ value: 'finance', label: m.options_activity_finance, formText: 'Finance & insurance' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];
export type PrincipalActivity = (typeof principalActivityOptions)[number]['value'];

export const healthCareCategoryOptions = [
  option({ value: 'medical-doctor', label: m.options_health_medical_doctor, formText: 'Medical doctor' }),
  option({ value: 'psychiatrist', label: m.options_health_psychiatrist, formText: 'Psychiatrist' }),
  option({ value: 'other-mental-health', label: m.options_health_other_mental_health, formText: 'Other mental health practitioner' }),
  option({ value: 'nursing-home', label: m.options_health_nursing_home, formText: 'Nursing home' }),
  option({ value: 'shelter', label: m.options_health_shelter, formText: 'Shelter' }),
  option({ value: 'youth-services', label: m.options_health_youth_services, formText: 'Youth services' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const constructionBusinessCategoryOptions = [
  option({ value: 'new-residential', label: m.options_construction_new_residential, formText: 'Build new residential properties' }),
  option({ value: 'remodel-residential', label: m.options_construction_remodel_residential, formText: 'Remodel existing residential structures' }),
  option({ value: 'non-residential', label: m.options_construction_non_residential, formText: 'Build non-residential properties' }),
  option({ value: 'other-structures', label: m.options_construction_other_structures, formText: 'Build other types of structures (bridges, highways, water and sewer lines, pipelines)' }),
] as const satisfies readonly Option[];

export const rentalCategoryOptions = [
  option({ value: 'real-estate', label: m.options_rental_real_estate, formText: 'I rent, lease, or sell real estate' }),
  option({ value: 'goods', label: m.options_rental_goods, formText: 'I rent or lease goods' }),
  option({ value: 'manage-real-estate', label: m.options_rental_manage_real_estate, formText: 'I manage real estate for others' }),
] as const satisfies readonly Option[];

export const rentalPropertyCategoryOptions = [
  option({ value: 'agent', label: m.options_rental_property_agent, formText: 'Real estate agent - no ownership' }),
  option({ value: 'residential', label: m.options_rental_property_residential, formText: 'Rent residential that I own' }),
  option({ value: 'commercial', label: m.options_rental_property_commercial, formText: 'Rent commercial/industrial/other that I own' }),
] as const satisfies readonly Option[];

export const transportationCategoryOptions = [
  option({ value: 'cargo', label: m.options_transportation_cargo, formText: 'Primarily transport cargo' }),
  option({ value: 'passengers', label: m.options_transportation_passengers, formText: 'Primarily transport passengers' }),
  option({ value: 'support', label: m.options_transportation_support, formText: 'Provide a support activity for transportation' }),
  option({ value: 'warehousing', label: m.options_transportation_warehousing, formText: 'Warehousing' }),
] as const satisfies readonly Option[];

export const cargoTransportTypeOptions = [
  option({ value: 'air', label: m.options_cargo_air, formText: 'Air' }),
  option({ value: 'rail', label: m.options_cargo_rail, formText: 'Rail' }),
  option({ value: 'trucking', label: m.options_cargo_trucking, formText: 'Trucking' }),
  option({ value: 'water', label: m.options_cargo_water, formText: 'Water' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const passengerTransportTypeOptions = [
  option({ value: 'limousine', label: m.options_passenger_limousine, formText: 'Limousine service' }),
  option({ value: 'shuttle-bus', label: m.options_passenger_shuttle_bus, formText: 'Shuttle bus' }),
  option({ value: 'taxi', label: m.options_passenger_taxi, formText: 'Taxi service' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const accommodationCategoryOptions = [
  option({ value: 'casino-hotel', label: m.options_accommodation_casino_hotel, formText: 'Casino hotel' }),
  option({ value: 'hotel', label: m.options_accommodation_hotel, formText: 'Hotel' }),
  option({ value: 'motel', label: m.options_accommodation_motel, formText: 'Motel' }),
  option({ value: 'bar', label: m.options_accommodation_bar, formText: 'Bar' }),
  option({ value: 'bar-and-restaurant', label: m.options_accommodation_bar_and_restaurant, formText: 'Bar and restaurant' }),
  option({ value: 'catering', label: m.options_accommodation_catering, formText: 'Catering service' }),
  option({ value: 'coffee-shop', label: m.options_accommodation_coffee_shop, formText: 'Coffee shop' }),
  option({ value: 'fast-food', label: m.options_accommodation_fast_food, formText: 'Fast food restaurant' }),
  option({ value: 'full-service-restaurant', label: m.options_accommodation_full_service_restaurant, formText: 'Full service restaurant' }),
  option({ value: 'ice-cream-shop', label: m.options_accommodation_ice_cream_shop, formText: 'Ice cream shop' }),
  option({ value: 'mobile-food', label: m.options_accommodation_mobile_food, formText: 'Mobile food service' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const retailCategoryOptions = [
  option({ value: 'internet', label: m.options_retail_internet, formText: 'Internet sales only (including sales on auction sites)' }),
  option({ value: 'storefront', label: m.options_retail_storefront, formText: 'Storefront sales' }),
  option({ value: 'direct', label: m.options_retail_direct, formText: 'Direct sales' }),
  option({ value: 'auction-house', label: m.options_retail_auction_house, formText: 'Auction house' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const directSalesCategoryOptions = [
  option({ value: 'catalog', label: m.options_direct_catalog, formText: 'Catalog' }),
  option({ value: 'mail-order', label: m.options_direct_mail_order, formText: 'Mail Order' }),
  option({ value: 'door-to-door', label: m.options_direct_door_to_door, formText: 'Door to door' }),
] as const satisfies readonly Option[];

export const realEstateCategoryOptions = [
  option({ value: 'rent-own-property', label: m.options_real_estate_rent_own_property, formText: 'Rent or lease property owned by the company' }),
  option({ value: 'build-property', label: m.options_real_estate_build_property, formText: 'Use capital to build property' }),
  option({ value: 'sell-for-others', label: m.options_real_estate_sell_for_others, formText: 'Sell property for others' }),
  option({ value: 'manage-for-others', label: m.options_real_estate_manage_for_others, formText: 'Manage real estate for others' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const financeCategoryOptions = [
  option({ value: 'commodities-broker', label: m.options_finance_commodities_broker, formText: 'Commodities broker' }),
  option({ value: 'credit-card-issuing', label: m.options_finance_credit_card_issuing, formText: 'Credit card issuing' }),
  option({ value: 'insurance-carrier', label: m.options_finance_insurance_carrier, formText: 'Insurance carrier' }),
  option({ value: 'insurance-agent', label: m.options_finance_insurance_agent, formText: 'Insurance agent or broker' }),
  option({ value: 'investment-advice', label: m.options_finance_investment_advice, formText: 'Investment advice' }),
  option({ value: 'investment-club', label: m.options_finance_investment_club, formText: 'Investment club' }),
  option({ value: 'investment-holding', label: m.options_finance_investment_holding, formText: 'Investment holding' }),
  option({ value: 'mortgage-agent', label: m.options_finance_mortgage_agent, formText: 'Mortgage agent for selling mortgages' }),
  option({ value: 'mortgage-lending', label: m.options_finance_mortgage_lending, formText: 'Mortgage lending funds with real estate as collateral' }),
  option({ value: 'portfolio-management', label: m.options_finance_portfolio_management, formText: 'Portfolio management' }),
  option({ value: 'sales-financing', label: m.options_finance_sales_financing, formText: 'Sales financing' }),
  option({ value: 'securities-broker', label: m.options_finance_securities_broker, formText: 'Securities broker' }),
  option({ value: 'trust-administration', label: m.options_finance_trust_administration, formText: 'Trust administration' }),
  option({ value: 'venture-capital', label: m.options_finance_venture_capital, formText: 'Venture capital company' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const otherCategoryOptions = [
  option({ value: 'consulting', label: m.options_other_category_consulting, formText: 'Consulting' }),
  option({ value: 'manufacturing', label: m.options_activity_manufacturing, formText: 'Manufacturing' }),
  option({ value: 'organization', label: m.options_other_category_organization, formText: 'Organization (such as religious, environmental, social or civic, athletic, etc.)' }),
  option({ value: 'rental', label: m.options_other_category_rental, formText: 'Rental' }),
  option({ value: 'repair', label: m.options_other_category_repair, formText: 'Repair' }),
  option({ value: 'sell-goods', label: m.options_other_category_sell_goods, formText: 'Sell goods' }),
  option({ value: 'service', label: m.options_other_category_service, formText: 'Service' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const otherOrganizationTypeOptions = [
  option({ value: 'athletic', label: m.options_organization_athletic, formText: 'Athletic' }),
  option({ value: 'conservation', label: m.options_organization_conservation, formText: 'Conservation' }),
  option({ value: 'environmental', label: m.options_organization_environmental, formText: 'Environmental' }),
  option({ value: 'fundraising', label: m.options_organization_fundraising, formText: 'Fundraising' }),
  option({ value: 'homeowners-association', label: m.options_organization_homeowners_association, formText: 'Homeowners association' }),
  option({ value: 'religious', label: m.options_organization_religious, formText: 'Religious' }),
  option({ value: 'social-or-civic', label: m.options_organization_social_or_civic, formText: 'Social or civic' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const otherRentalTypeOptions = [
  option({ value: 'real-estate', label: m.options_rental_real_estate, formText: 'I rent, lease, or sell real estate' }),
  option({ value: 'goods', label: m.options_rental_goods, formText: 'I rent or lease goods' }),
] as const satisfies readonly Option[];

export const otherRentalPropertyCategoryOptions = [
  option({ value: 'agent', label: m.options_other_rental_property_agent, formText: 'I am a real estate agent - I do not own the structures I rent or sell' }),
  option({ value: 'residential', label: m.options_other_rental_property_residential, formText: 'I rent residential real estate that I own' }),
  option({ value: 'commercial', label: m.options_other_rental_property_commercial, formText: 'I rent commercial, industrial, or other real estate that I own' }),
] as const satisfies readonly Option[];

export const otherGoodsTypeOptions = [
  option({ value: 'retail', label: m.options_goods_retail, formText: 'Retail' }),
  option({ value: 'wholesale', label: m.options_goods_wholesale, formText: 'Wholesale' }),
] as const satisfies readonly Option[];

export const otherRetailCategoryOptions = [
  option({ value: 'internet', label: m.options_other_retail_internet, formText: 'Internet sales only' }),
  option({ value: 'storefront', label: m.options_retail_storefront, formText: 'Storefront sales' }),
  option({ value: 'direct', label: m.options_retail_direct, formText: 'Direct sales' }),
  option({ value: 'auction-house', label: m.options_retail_auction_house, formText: 'Auction house' }),
  option({ value: 'other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option[];

export const otherDirectSalesCategoryOptions = [
  option({ value: 'catalog', label: m.options_direct_catalog, formText: 'Catalog' }),
  option({ value: 'mail-order', label: m.options_other_direct_mail_order, formText: 'Mail order' }),
  option({ value: 'door-to-door', label: m.options_direct_door_to_door, formText: 'Door to door' }),
] as const satisfies readonly Option[];

/** A follow-up question: a choice among options, a yes/no question, or a short free text. */
export type ActivityQuestion =
  | { readonly kind: 'choice'; readonly label: string; readonly message: string; readonly options: readonly Option[]; readonly hint?: string }
  | { readonly kind: 'yesNo'; readonly label: string; readonly message: string; readonly hint?: string }
  | { readonly kind: 'text'; readonly label: string; readonly message: string; readonly hint?: string; readonly placeholder?: string };

const ownsTitle = spoken({
  kind: 'yesNo',
  label: m.application_activity_owns_title_question,
  message: m.application_activity_owns_title_error,
});
const commission = spoken({
  kind: 'yesNo',
  label: m.application_activity_commission_question,
  message: m.application_activity_commission_error,
});
const wholesaleGoods = spoken({
  kind: 'text',
  label: m.application_activity_wholesale_goods_question,
  message: m.application_activity_wholesale_goods_error,
  placeholder: m.application_activity_wholesale_goods_placeholder,
});

/** Every follow-up question of step 5, by its field name. */
export const activityQuestions = {
  healthCareCategory: spoken({
    kind: 'choice',
    label: m.application_activity_health_care_category_question,
    message: m.application_activity_health_care_category_error,
    options: healthCareCategoryOptions,
  }),
  otherHealthCareActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_health_care_activity_question,
    message: m.application_activity_other_health_care_activity_error,
    placeholder: m.application_activity_other_health_care_activity_placeholder,
  }),
  wholesaleAgentOwnsTitle: ownsTitle,
  wholesaleAgentCommission: commission,
  wholesaleAgentGoods: wholesaleGoods,
  wholesaleOtherOwnsTitle: ownsTitle,
  wholesaleOtherCommission: commission,
  wholesaleOtherGoods: wholesaleGoods,
  constructionSingleTrade: spoken({
    kind: 'yesNo',
    label: m.application_activity_construction_single_trade_question,
    hint: m.application_activity_construction_single_trade_hint,
    message: m.application_activity_construction_single_trade_error,
  }),
  constructionTradeType: spoken({
    kind: 'text',
    label: m.application_activity_construction_trade_type_question,
    message: m.application_activity_construction_trade_type_error,
    placeholder: m.application_activity_construction_trade_type_placeholder,
  }),
  constructionBusinessCategory: spoken({
    kind: 'choice',
    label: m.application_activity_construction_business_category_question,
    message: m.application_activity_construction_business_category_error,
    options: constructionBusinessCategoryOptions,
  }),
  rentalCategory: spoken({
    kind: 'choice',
    label: m.application_activity_rental_category_question,
    message: m.application_activity_rental_category_error,
    options: rentalCategoryOptions,
  }),
  rentalPropertyCategory: spoken({
    kind: 'choice',
    label: m.application_activity_rental_property_category_question,
    message: m.application_activity_rental_property_category_error,
    options: rentalPropertyCategoryOptions,
  }),
  rentalGoodsType: spoken({
    kind: 'text',
    label: m.application_activity_rental_goods_type_question,
    message: m.application_activity_rental_goods_type_error,
    placeholder: m.application_activity_rental_goods_type_placeholder,
  }),
  transportationCategory: spoken({
    kind: 'choice',
    label: m.application_activity_transportation_category_question,
    message: m.application_activity_transportation_category_error,
    options: transportationCategoryOptions,
  }),
  cargoTransportType: spoken({
    kind: 'choice',
    label: m.application_activity_cargo_transport_type_question,
    message: m.application_activity_cargo_transport_type_error,
    options: cargoTransportTypeOptions,
  }),
  passengerTransportType: spoken({
    kind: 'choice',
    label: m.application_activity_passenger_transport_type_question,
    message: m.application_activity_passenger_transport_type_error,
    options: passengerTransportTypeOptions,
  }),
  otherTransportationActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_transportation_activity_question,
    message: m.application_activity_other_transportation_activity_error,
    placeholder: m.application_activity_other_transportation_activity_placeholder,
  }),
  accommodationCategory: spoken({
    kind: 'choice',
    label: m.application_activity_accommodation_category_question,
    message: m.application_activity_accommodation_category_error,
    options: accommodationCategoryOptions,
  }),
  otherAccommodationActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_accommodation_activity_question,
    message: m.application_activity_other_accommodation_activity_error,
    placeholder: m.application_activity_other_accommodation_activity_placeholder,
  }),
  retailCategory: spoken({
    kind: 'choice',
    label: m.application_activity_retail_category_question,
    message: m.application_activity_retail_category_error,
    options: retailCategoryOptions,
  }),
  retailStoreType: spoken({
    kind: 'text',
    label: m.application_activity_retail_store_type_question,
    message: m.application_activity_retail_store_type_error,
    placeholder: m.application_activity_retail_store_type_placeholder,
  }),
  directSalesCategory: spoken({
    kind: 'choice',
    label: m.application_activity_direct_sales_category_question,
    message: m.application_activity_direct_sales_category_error,
    options: directSalesCategoryOptions,
  }),
  otherRetailActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_retail_activity_question,
    message: m.application_activity_other_retail_activity_error,
    placeholder: m.application_activity_other_retail_activity_placeholder,
  }),
  realEstateCategory: spoken({
    kind: 'choice',
    label: m.application_activity_real_estate_category_question,
    message: m.application_activity_real_estate_category_error,
    options: realEstateCategoryOptions,
  }),
  otherRealEstateActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_real_estate_activity_question,
    message: m.application_activity_other_real_estate_activity_error,
    placeholder: m.application_activity_other_real_estate_activity_placeholder,
  }),
  manufacturingGoodsType: spoken({
    kind: 'text',
    label: m.application_activity_manufacturing_goods_type_question,
    hint: m.application_activity_manufacturing_goods_type_hint,
    message: m.application_activity_manufacturing_goods_type_error,
  }),
  financeCategory: spoken({
    kind: 'choice',
    label: m.application_activity_finance_category_question,
    message: m.application_activity_finance_category_error,
    options: financeCategoryOptions,
  }),
  otherFinanceActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_finance_activity_question,
    message: m.application_activity_other_finance_activity_error,
    placeholder: m.application_activity_other_finance_activity_placeholder,
  }),
  otherCategory: spoken({
    kind: 'choice',
    label: m.application_activity_other_category_question,
    message: m.application_activity_other_category_error,
    options: otherCategoryOptions,
  }),
  otherOrganizationType: spoken({
    kind: 'choice',
    label: m.application_activity_other_organization_type_question,
    message: m.application_activity_other_organization_type_error,
    options: otherOrganizationTypeOptions,
  }),
  otherOrganizationActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_organization_activity_question,
    message: m.application_activity_other_organization_activity_error,
    placeholder: m.application_activity_other_organization_activity_placeholder,
  }),
  otherRentalType: spoken({
    kind: 'choice',
    label: m.application_activity_other_rental_type_question,
    message: m.application_activity_other_rental_type_error,
    options: otherRentalTypeOptions,
  }),
  otherRentalPropertyCategory: spoken({
    kind: 'choice',
    label: m.application_activity_other_rental_property_category_question,
    message: m.application_activity_other_rental_property_category_error,
    options: otherRentalPropertyCategoryOptions,
  }),
  otherGoodsType: spoken({
    kind: 'choice',
    label: m.application_activity_other_goods_type_question,
    message: m.application_activity_other_goods_type_error,
    options: otherGoodsTypeOptions,
  }),
  otherRetailCategory: spoken({
    kind: 'choice',
    label: m.application_activity_other_retail_category_question,
    message: m.application_activity_other_retail_category_error,
    options: otherRetailCategoryOptions,
  }),
  otherRetailStoreType: spoken({
    kind: 'text',
    label: m.application_activity_other_retail_store_type_question,
    message: m.application_activity_other_retail_store_type_error,
    placeholder: m.application_activity_other_retail_store_type_placeholder,
  }),
  otherDirectSalesCategory: spoken({
    kind: 'choice',
    label: m.application_activity_other_direct_sales_category_question,
    message: m.application_activity_other_direct_sales_category_error,
    options: otherDirectSalesCategoryOptions,
  }),
  otherRetailOtherActivity: spoken({
    kind: 'text',
    label: m.application_activity_other_retail_other_activity_question,
    message: m.application_activity_other_retail_other_activity_error,
    placeholder: m.application_activity_other_retail_other_activity_placeholder,
  }),
  otherWholesaleOwnsTitle: ownsTitle,
  otherWholesaleCommission: commission,
  providesOperatingAdvice: spoken({
    kind: 'yesNo',
    label: m.application_activity_provides_operating_advice_question,
    message: m.application_activity_provides_operating_advice_error,
  }),
  consultingType: spoken({
    kind: 'text',
    label: m.application_activity_consulting_type_question,
    message: m.application_activity_consulting_type_error,
    placeholder: m.application_activity_consulting_type_placeholder,
  }),
} satisfies Record<string, ActivityQuestion>;

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

export const activityMessages = spoken({
  principalActivity: m.application_activity_principal_activity_error,
  principalProductOrService: m.application_activity_principal_product_or_service_error,
  tooLong: m.application_activity_too_long_error,
});

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
      return choice(valuesOf(question.options), () => question.message);
    case 'yesNo':
      return yesNo(() => question.message);
    case 'text':
      return optionalText(textMaxLength, () => activityMessages.tooLong);
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
    principalActivity: requiredChoice(valuesOf(principalActivityOptions), () => activityMessages.principalActivity),
    ...followUpShape,
    principalProductOrService: optionalText(textMaxLength, () => activityMessages.tooLong).refine(
      (value) => value.trim().length >= productOrServiceMinLength,
      { error: () => activityMessages.principalProductOrService },
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
export const activityLabels = spoken({
  principalActivity: m.application_activity_principal_activity_label,
  principalProductOrService: m.application_activity_principal_product_or_service_label,
}) satisfies Record<Exclude<keyof Activity, ActivityFollowUpField>, string>;

/** Where step 5 words a question otherwise than activityLabels. */
export const activityPageLabels = spoken({
  principalActivity: m.application_activity_principal_activity_question,
  principalProductOrService: m.application_activity_principal_product_or_service_question,
}) satisfies Partial<Record<keyof Activity, string>>;

export const activityDefaults: Activity = {
  principalActivity: '',
  ...(Object.fromEntries(activityFollowUpFields.map((field) => [field, ''])) as Record<ActivityFollowUpField, ''>),
  principalProductOrService: '',
};
