import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The sections of the Settings screen, in the order they show. */
export const SETTINGS_SECTIONS = ['connection', 'printing', 'sender', 'desk', 'general', 'sharedMode', 'operators', 'advanced'] as const;

/** One section of the Settings screen. */
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number];

/** The element id of a section (the side navigation scrolls to it). */
export const settingsSectionElementId = (section: SettingsSectionId) => `settings-${section}`;

/** A titled group of settings: a landmark region named by its title. */
export function SettingsSection({ section, title, children }: { section: SettingsSectionId; title: string; children: ReactNode }) {
  const headingId = `${settingsSectionElementId(section)}-title`;
  return (
    <section id={settingsSectionElementId(section)} aria-labelledby={headingId} className="settings__section" tabIndex={-1}>
      <Card
        title={
          <Typography.Title level={3} id={headingId} className="settings__section-title">
            {title}
          </Typography.Title>
        }
      >
        {children}
      </Card>
    </section>
  );
}
