// Where the IRS writes the EIN it assigns on Form SS-4 (Rev. December 2023): the box under
// "OMB No. 1545-0003", labelled "EIN", at the top right of page 1. Measured on the official file at
// 288 dpi: the box's rules run at 438.75-439.5 pt (left), 744-744.25 pt (top, a hairline) and
// 707.75-708.5 pt (bottom, the heavy rule under the form's title); it is open on the right, where the
// form's content ends at 576 pt. The label "EIN" sits inside its top left corner
// (444.75-455.25 pt across, 737.5-742 pt up).

/** The EIN box's inside, in points from the page's bottom left corner (as pdf-lib draws), on page 1 (index 0). */
export const ss4EinBox = { page: 0, x: 439.5, y: 708.5, width: 136.5, height: 35.5 } as const;

/** The label "EIN" inside the box's top left corner, in the same points. */
export const ss4EinLabel = { x: 444.75, y: 737.5, width: 10.5, height: 4.5 } as const;
