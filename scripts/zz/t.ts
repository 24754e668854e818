import { registrationSchema } from '../../src/shared/application/registration';
const r = registrationSchema.safeParse({ ...{} , companyRegistrationNumber: '', businessStartDate: '', previousOwnerEIN: '', accountingYearClosingMonth: '12', streetAddress: '', city: '', county: '', state: '', zipCode: '', sameMailingAddress: true });
console.log(r.success ? 'ok' : r.error.issues.map((i) => i.path.join('.') + ':' + i.message));
