import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthKey, weekdayKey } from '../../../shared/i18n/calendar';
import { formatTime } from '../../../shared/i18n/format';

/** NAV-59: the time, refreshed every second. */
export function Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="nav-clock">
      <span className="nav-clock__label">{t('nav.clock')}</span>
      <time className="nav-clock__time" dateTime={now.toISOString()} data-testid="nav-clock">
        {formatTime(now, { seconds: true })}
      </time>
      {/* Day and month names from the dictionaries: Chromium's ICU has no Macedonian, so Intl would write them in English. */}
      <span className="nav-clock__date">
        {t('calendar.dayMonth', { weekday: t(weekdayKey(now.getDay())), day: now.getDate(), month: t(monthKey(now.getMonth() + 1)) })}
      </span>
    </div>
  );
}
