// Every test file checks applications as the server does: with the rules for phone numbers abroad loaded
// (src/shared/application/phones.ts). A wizard page loads them itself when it needs them.
import '#shared/application/phone-rules-loaded.ts';
