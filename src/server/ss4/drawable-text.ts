import type { PDFFont } from 'pdf-lib';
import { plainLetters } from '#shared/application/irs-name-suggestions.ts';

/**
 * The text as the form's standard font can draw it: a character it cannot encode is written with its
 * marks taken off ("ł" as "l", "Ș" as "S"), or as `?` when nothing of it is left to draw (a name or an
 * address may hold any script). A text the font takes whole, accents and all, is kept as it is.
 */
export function drawable(font: PDFFont, text: string): string {
  let result = '';
  for (const character of text.replace(/[\r\n\t]+/g, ' ')) {
    if (canDraw(font, character)) result += character;
    else {
      const plain = plainLetters(character);
      result += plain !== '' && canDraw(font, plain) ? plain : '?';
    }
  }
  return result;
}

function canDraw(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}
