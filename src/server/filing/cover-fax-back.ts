import { eachGrayPage, estimateSkew, faxDpi, imagesToPdf, paintStraight, type GrayImage, type PointRegion } from '../fax';
import { ss4FieldRegion } from '../ss4';
import { ss4TextFields } from '#shared/ss4/ss4-mapping.ts';
import { findFormShift } from './read-ein-box';

// The IRS's fax-back as the customer gets it (decision 049): the form the service faxed, with the EIN
// written in, and line 7b (the responsible party's SSN or ITIN) in full. Behind a link opened with the
// last four digits it must not show the rest, so the customer's copy has line 7b covered: each page is
// drawn again at the fax's resolution, a black box painted over line 7b where the form sits on the page
// (found by its EIN box, as the reader finds it, and turned with the page's skew), and the pages packed
// into a new PDF of images. The number is gone from the file, not hidden under a shape. The fax as
// received stays for staff, behind the step-up and the audit.

/** Room (points) left around line 7b's field when the form is found on the page: the value, never the label above it. */
const margin = { x: 3, below: 1.5, above: 1 };
/** When the form is not found on any page: the field with as much room as the reader allows the form to move. */
const unplacedSlack = 24;

function around(region: PointRegion, shift: { x: number; y: number }): PointRegion {
  return { x: region.x + shift.x - margin.x, y: region.y + shift.y - margin.below, width: region.width + 2 * margin.x, height: region.height + margin.below + margin.above };
}

/**
 * The fax-back PDF with line 7b covered on every page that is the form's page 1. Where no page shows
 * the form's EIN box (a page too damaged to place), line 7b is covered on every page with the room the
 * form may have moved: a bar too many rather than a number shown.
 */
export async function coverLine7b(pdf: Uint8Array): Promise<Uint8Array> {
  const field = await ss4FieldRegion(ss4TextFields.responsibleTin);
  const pages: { image: GrayImage; angle: number }[] = [];
  let placed = 0;
  for await (const image of eachGrayPage(pdf, { xDpi: faxDpi.x, yDpi: faxDpi.y })) {
    const angle = estimateSkew(image);
    const shift = findFormShift(image, angle);
    if (shift) {
      paintStraight(image, around(field, shift), angle);
      placed += 1;
    }
    pages.push({ image, angle });
  }
  if (placed === 0) {
    const wide = { x: field.x - unplacedSlack, y: field.y - unplacedSlack, width: field.width + 2 * unplacedSlack, height: field.height + 2 * unplacedSlack };
    for (const { image, angle } of pages) paintStraight(image, wide, angle);
  }
  return imagesToPdf(pages.map(({ image }) => image));
}
