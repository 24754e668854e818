import { describe, expect, it } from 'vitest';
import { businessAbroadFromStepOne, registrationPrefill } from './prefills';
import { hireMonthOf, totalEmployeesOf } from './compliance-prefills';
import { isTrusteeTitle, ownerNameParts } from './contact-prefills';
import { isOwnerName } from './contact';

describe('answers a later question takes from an earlier one', () => {
  it("gives step 2 the states of step 1: formation for the articles, the LLC's location for the address", () => {
    expect(registrationPrefill({ state: 'WY', llcLocationState: 'TX' })).toEqual({ llcOrganizationState: 'Wyoming', incorporationState: 'Wyoming', state: 'Texas' });
    expect(registrationPrefill({ state: 'DE' })).toEqual({ llcOrganizationState: 'Delaware', incorporationState: 'Delaware', state: 'Delaware' });
    expect(registrationPrefill({ state: 'XX' })).toEqual({ llcOrganizationState: '', incorporationState: '', state: '' });
    expect(registrationPrefill(undefined)).toEqual({ llcOrganizationState: '', incorporationState: '', state: '' });
  });

  it('gives an LLC located outside the United States no address state, not its state of formation', () => {
    expect(registrationPrefill({ state: 'WY', llcLocationState: 'Outside US' })).toEqual({ llcOrganizationState: 'Wyoming', incorporationState: 'Wyoming', state: '' });
    expect(businessAbroadFromStepOne({ state: 'WY', llcLocationState: 'Outside US' })).toBe(true);
    expect(businessAbroadFromStepOne({ state: 'WY', llcLocationState: 'TX' })).toBe(false);
    expect(businessAbroadFromStepOne(undefined)).toBe(false);
  });

  it('sums the chosen counts only once each is a whole number', () => {
    expect(totalEmployeesOf(['household', 'other'], { household: '2', other: '12' })).toBe('14');
    expect(totalEmployeesOf(['other'], { household: '2', other: '3' })).toBe('3');
    expect(totalEmployeesOf(['household', 'other'], { household: '2', other: '' })).toBe('');
    expect(totalEmployeesOf(['other'], { other: '1.5' })).toBe('');
    expect(totalEmployeesOf([], {})).toBe('');
    expect(totalEmployeesOf(['other'], { other: '0' })).toBe('');
  });

  it('writes the first wages month as the hiring date, and knows a trustee by the title', () => {
    expect(hireMonthOf('2027-01-15')).toBe('01/2027');
    expect(hireMonthOf('2027-01')).toBe('');
    expect(hireMonthOf(undefined)).toBe('');
    for (const title of ['Trustee', 'trustee', 'Co-Trustee', 'Successor Trustee']) expect(isTrusteeTitle(title)).toBe(true);
    for (const title of ['Owner', 'Trustees assistant', 'Managing Member', '']) expect(isTrusteeTitle(title)).toBe(false);
  });

  it("gives step 3 a sole proprietor's name from step 1, in parts that join back to it", () => {
    expect(ownerNameParts('Renee OConnor')).toEqual({ rpFirstName: 'Renee', rpMiddleName: '', rpLastName: 'OConnor' });
    expect(ownerNameParts('  Jose  Luis Munoz-Garcia ')).toEqual({ rpFirstName: 'Jose', rpMiddleName: 'Luis', rpLastName: 'Munoz-Garcia' });
    expect(ownerNameParts('Mary Ann de la Cruz')).toEqual({ rpFirstName: 'Mary', rpMiddleName: 'Ann de la', rpLastName: 'Cruz' });
    expect(ownerNameParts('Cher')).toEqual({ rpFirstName: 'Cher', rpMiddleName: '', rpLastName: '' });
    expect(ownerNameParts('')).toEqual({ rpFirstName: '', rpMiddleName: '', rpLastName: '' });
    expect(ownerNameParts(undefined)).toEqual({ rpFirstName: '', rpMiddleName: '', rpLastName: '' });
    for (const name of ['Renee OConnor', 'Jose Luis Munoz-Garcia', 'Mary Ann de la Cruz', 'A B C D E']) expect(isOwnerName(ownerNameParts(name), name)).toBe(true);
  });
});
