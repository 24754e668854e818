import { useState } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** Recovery codes, shown once: a list to write down, and a button that copies them all. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => {
          navigator.clipboard
            .writeText(codes.join('\n'))
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        <Copy className="size-4" aria-hidden="true" />
        {copied ? 'Copied' : 'Copy codes'}
      </Button>
    </div>
  );
}
