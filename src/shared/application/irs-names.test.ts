import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isIrsName, irsNameMessages } from './irs-names';
import { irsFormOfName, plainLetters, suggestIrsName } from './irs-name-suggestions';

describe('suggestIrsName', () => {
  it.each([
    ['José', 'Jose'],
    ['Núñez-García', 'Nunez-Garcia'],
    ['José Núñez-García', 'Jose Nunez-Garcia'],
    ["O'Brien", 'OBrien'],
    ['O’Brien', 'OBrien'],
    ['Zoë Ångström', 'Zoe Angstrom'],
    ['Łukasz Wałęsa', 'Lukasz Walesa'],
    ['Strauß', 'Strauss'],
    ['Søren Kierkegaard', 'Soren Kierkegaard'],
    ['François-Xavier', 'Francois-Xavier'],
    ['St. John', 'St John'],
    ['Smith, Jr.', 'Smith Jr'],
    ['Anne–Marie', 'Anne-Marie'],
    ['Mary  Ann', null],
    ['J0hn', 'Jhn'],
    ['John3', 'John'],
  ])('person %j → %j', (typed, expected) => {
    expect(suggestIrsName(typed, 'person')).toBe(expected);
  });

  it.each([
    ["Joe's Café & Bar", 'Joes Cafe & Bar'],
    ['Studio 54', null],
    ['Crème Brûlée Co.', 'Creme Brulee Co'],
    ['A+B Design', 'A B Design'],
    ['Café Olé Holdings LLC', 'Cafe Ole Holdings LLC'],
    ['Smith, Jones & Co., L.L.C.', 'Smith Jones & Co LLC'],
    ['Müller & Söhne GmbH', 'Muller & Sohne GmbH'],
    ['3M Holdings', null],
  ])('business name %j → %j', (typed, expected) => {
    expect(suggestIrsName(typed, 'business')).toBe(expected);
  });

  it.each([
    ['Torstraße 12', 'Torstrasse 12'],
    ['Calle Ñandú 5', 'Calle Nandu 5'],
    ['Straße des 17. Juni 135', 'Strasse des 17 Juni 135'],
    ['Rue de l’Église 3', 'Rue de lEglise 3'],
    ['Apt #5, 12 Main St.', 'Apt 5 12 Main St'],
    ['P.O. Box 77', 'PO Box 77'],
    ['São Paulo', 'Sao Paulo'],
    ['Île-de-France', 'Ile-de-France'],
    ['Łódź', 'Lodz'],
    ['Smith & Sons Way', 'Smith Sons Way'],
    ['12/3 Chaussee', null],
    ['10115', null],
    ['SW1A 1AA', null],
    ['Unit 4-B', null],
  ])('address %j → %j', (typed, expected) => {
    expect(suggestIrsName(typed, 'address')).toBe(expected);
  });

  it('takes in an address only the letters A-Z, digits, spaces, hyphens and slashes', () => {
    for (const accepted of ['Torstrasse 12', '12/3 Main St', 'Unit 4-B', '']) expect(isIrsName(accepted, 'address')).toBe(true);
    for (const refused of ['Torstraße 12', 'Calle Ñandú 5', 'P.O. Box 77', 'Apt #5', "O'Hare Dr", 'Main St, Suite 2', 'A & B Rd']) {
      expect(isIrsName(refused, 'address')).toBe(false);
    }
  });

  it('offers nothing when a name is already accepted or nothing would be left of it', () => {
    expect(suggestIrsName('Jane Doe-Smith', 'person')).toBeNull();
    expect(suggestIrsName('', 'person')).toBeNull();
    expect(suggestIrsName('李小龍', 'person')).toBeNull();
    expect(suggestIrsName("'''", 'person')).toBeNull();
  });

  it('says which characters the IRS accepts', () => {
    expect(irsNameMessages.person).toContain('A-Z');
    expect(irsNameMessages.business).toContain('0-9');
    expect(irsNameMessages.address).toContain('slashes (/)');
  });

  it('gives the name as the IRS receives it, and plain letters for any text', () => {
    expect(irsFormOfName('José Luis Muñoz-García', 'person')).toBe('Jose Luis Munoz-Garcia');
    expect(irsFormOfName('Jose Luis Munoz-Garcia', 'person')).toBe('Jose Luis Munoz-Garcia');
    expect(irsFormOfName('李小龍', 'person')).toBe('李小龍');
    expect(plainLetters('Łódź, Straße 5')).toBe('Lodz, Strasse 5');
  });

  it('always offers a name the IRS accepts (fixed-seed fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('person' as const, 'business' as const, 'address' as const), (typed, kind) => {
        const suggestion = suggestIrsName(typed, kind);
        if (suggestion !== null) {
          expect(isIrsName(suggestion, kind)).toBe(true);
          expect(suggestion).toBe(suggestion.trim());
          expect(suggestion.length).toBeGreaterThan(0);
        }
      }),
      { seed: 16, numRuns: 2000 },
    );
  });
});
