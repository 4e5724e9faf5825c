import { InfoCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStation } from '../bridge/station-context';
import { AboutDialog } from './about-dialog';
import { useAboutStrings } from './about-strings';
import { aboutNamespace } from './about-text';

/**
 * Mounts the About dialog: opened by the application menu (main pushes `app.menu-command`) or by
 * the small button this renders (for the browser host, which has no menu). Mount it once, inside
 * the StationContext and i18next providers, e.g. in the header.
 */
export function AboutHost() {
  useAboutStrings();
  const { t } = useTranslation(aboutNamespace);
  const station = useStation();
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      station.on('app.menu-command', ({ command }) => {
        if (command === 'about') setOpen(true);
      }),
    [station],
  );
  return (
    <>
      <Button type="text" icon={<InfoCircleOutlined />} aria-label={t('menu')} onClick={() => setOpen(true)} style={{ color: 'inherit' }} />
      <AboutDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
