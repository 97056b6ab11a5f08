import { Tabs as TabsPrimitive } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<V extends string = string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps<V extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  items: readonly TabItem<V>[];
  /** Controlled use; leave both out and the first tab opens. */
  value?: V;
  onValueChange?(value: V): void;
  testId?: string;
}

/**
 * Tabs with the WAI-ARIA tabs pattern from Radix: one tab stop for the list, arrow keys, Home and End
 * move between tabs, each panel labelled by its tab.
 */
export function Tabs<V extends string>({ label, items, value, onValueChange, testId }: TabsProps<V>) {
  const list = useRef<HTMLDivElement>(null);
  // A tab opened by its address (?view=, ?tab=) may sit past the edge of a list that scrolls sideways
  // on a phone, its scrollbar hidden: the list is scrolled to show it, the page is not moved.
  useLayoutEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[data-state="active"]');
    if (!row || !active) return;
    const [rowBox, box] = [row.getBoundingClientRect(), active.getBoundingClientRect()];
    if (box.left < rowBox.left) row.scrollLeft -= rowBox.left - box.left;
    else if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right;
  }, [value]);
  return (
    <TabsPrimitive.Root
      className="tabs"
      {...(value === undefined ? { defaultValue: items[0]?.value } : { value })}
      onValueChange={(next) => {
        const item = items.find((candidate) => candidate.value === next);
        if (item) onValueChange?.(item.value);
      }}
      data-testid={testId}
    >
      <TabsPrimitive.List ref={list} className="tabs__list" aria-label={label}>
        {items.map((item) => (
          <TabsPrimitive.Trigger key={item.value} className="tabs__trigger" value={item.value} data-testid={testId && `${testId}-tab-${item.value}`}>
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} className="tabs__panel" value={item.value}>
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
