import { registerPhoneRules } from './phones';
import { phoneRules } from './phone-rules';

// Imported for its effect by the server (and the tests): the rules for phone numbers abroad, loaded at
// start-up, so every application the server checks is checked with them (phones.ts).
registerPhoneRules(phoneRules);
