import { TriangleAlert } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { SupportLine } from './support-line';

/** The link cannot be used (unknown, expired, locked, replaced or already used): why, and whom to ask. */
export function UnavailableStep({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <span>{message}</span>
        </p>
        <SupportLine />
      </CardContent>
    </Card>
  );
}
