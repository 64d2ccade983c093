import type { ComponentChildren } from 'preact';

export interface SettingsSectionProps {
  /** The heading's DOM id, which names the section. */
  id: string;
  title: string;
  children: ComponentChildren;
}

/** One part of the Settings section shown (a section holds several when they belong together). */
export function SettingsSection({ id, title, children }: SettingsSectionProps) {
  return (
    <section class="settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
