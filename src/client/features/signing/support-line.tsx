import { usePublicConfig } from '../../lib/public-config';

export function SupportLine() {
  const { supportEmail } = usePublicConfig();
  return (
    <p className="text-slate-700">
      Need help? Write to{' '}
      <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>{' '}
      and we will send you a new link.
    </p>
  );
}
