import * as RadixSwitch from '@radix-ui/react-switch';
import { cx } from './cx';

/** The brand on/off switch (radix): pass `aria-label` or an `id` a label points at. */
export function Switch({ className, ...props }: RadixSwitch.SwitchProps) {
  return (
    <RadixSwitch.Root
      {...props}
      className={cx(
        'relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 data-[state=checked]:bg-brand-600',
        className,
      )}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.375rem]" />
    </RadixSwitch.Root>
  );
}
