// Customer links: the flow every link e-mailed to a customer takes (the signing page, the document
// pages): the token in the address finds the link, or the one unavailable answer (410) says why it
// cannot be used; the link asks a question first (the last four digits of the responsible party's SSN
// or ITIN, or a code e-mailed to one with neither) and a right answer sets a cookie that proves this
// browser answered it. Each route is limited per client and minute, and no answer is kept or indexed.
// Each kind of link (signing, documents) owns its table and says how to find and verify a link.
export { customerLinkFlow } from './customer-link-flow';
export type { CustomerLink, FlowLink, FlowOrder, LinkAnswerResult } from './customer-link-flow';
export { isVerifiedBrowser, readLinkCookie, setLinkCookie } from './link-cookie';
export type { LinkCookie, LinkSession } from './link-cookie';
export { linkAnswersPerMinute, linkCallsPerMinute, linkRateLimitedMessage, linkRoute, linkTokenOf } from './link-routes';
export { findLinkByToken, hashLinkToken, isWellFormedLinkToken } from './link-tokens';
export type { FindLinkByTokenOptions, LinkUnavailable } from './link-tokens';
