/** The address of a received fax's EIN box (on its first page), cut out as an image. */
export const faxEinBoxPath = (faxId: number) => `/api/manage/fax-inbox/${faxId}/ein-box`;

/**
 * The EIN box of a received fax as the IRS wrote in it, cut out of its first page, for staff to read
 * beside the EIN the service read from it before they confirm it. Shown on the Fax inbox and on the
 * order page, wherever an EIN from a fax is confirmed.
 */
export function FaxEinBox({ faxId, received }: { faxId: number; received: string }) {
  return (
    <figure className="m-0">
      <img
        src={faxEinBoxPath(faxId)}
        alt={`The EIN box of the fax received ${received}`}
        width={435}
        height={154}
        className="h-auto w-full max-w-[18rem] rounded border border-slate-300 bg-white"
      />
      <figcaption className="mt-1 text-xs text-slate-600">The EIN box on the fax, as received</figcaption>
    </figure>
  );
}
