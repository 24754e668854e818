import { useId, type ComponentProps, type ReactNode } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';

/** An on/off switch (role "switch"): Space toggles it, its state is announced. */
export function Switch({ className = '', ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={`inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600 data-[state=unchecked]:bg-slate-500 ${className}`.trim()}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
}

type LabelledSwitchProps = Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'id' | 'children'> & {
  label: ReactNode;
  /** A line under the label, read out as the switch's description. */
  description?: ReactNode;
};

/** A switch with its label (clicking the label toggles it) and an optional description. */
export function LabelledSwitch({ label, description, className = '', ...props }: LabelledSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={`flex items-center justify-between gap-4 ${className}`.trim()}>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <Switch id={id} aria-describedby={description ? descriptionId : undefined} {...props} />
    </div>
  );
}
