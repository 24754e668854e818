import { PDFDocument, PDFName } from 'pdf-lib';
import { ss4FieldPrefix, ss4Template } from './fill-ss4';

// Where a field of Form SS-4 (Rev. December 2023) sits on its page, read from the IRS's own file: what
// covers line 7b on a fax-back (decision 049) follows the form rather than a measured copy of it.

/** A field's box in points from its page's bottom left corner (as pdf-lib draws), and its page (from 0). */
export type Ss4FieldRegion = { page: number; x: number; y: number; width: number; height: number };

let regions: Map<string, Ss4FieldRegion> | undefined;

/** The box of the form's field `name` (as FIELDS.md names it, without the prefix); throws for a field the form has not. */
export async function ss4FieldRegion(name: string): Promise<Ss4FieldRegion> {
  if (!regions) {
    const document = await PDFDocument.load(ss4Template(), { updateMetadata: false });
    // The XFA copy of the form is not read (pdf-lib would warn that it drops it).
    document.catalog.getAcroForm()?.dict.delete(PDFName.of('XFA'));
    const pages = document.getPages();
    const found = new Map<string, Ss4FieldRegion>();
    for (const field of document.getForm().getFields()) {
      const widget = field.acroField.getWidgets()[0];
      if (!widget) continue;
      const pageRef = widget.P();
      const page = Math.max(0, pages.findIndex((candidate) => candidate.ref === pageRef));
      found.set(field.getName(), { page, ...widget.getRectangle() });
    }
    regions = found;
  }
  const region = regions.get(ss4FieldPrefix + name);
  if (!region) throw new Error(`Form SS-4 has no field ${name}`);
  return region;
}
