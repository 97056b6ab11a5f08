import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthKey, weekdayKey } from '../../../shared/i18n/calendar';

const locales: Record<string, string> = { en: 'en-IE', mk: 'mk-MK' };

/** NAV-59: the time, refreshed every second. */
export function Clock() {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const locale = locales[i18n.language] ?? 'en-IE';
  return (
    <div className="nav-clock">
      <span className="nav-clock__label">{t('nav.clock')}</span>
      <time className="nav-clock__time" dateTime={now.toISOString()} data-testid="nav-clock">
        {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })}
      </time>
      {/* Day and month names from the dictionaries: Chromium's ICU has no Macedonian, so Intl would write them in English. */}
      <span className="nav-clock__date">
        {t('calendar.dayMonth', { weekday: t(weekdayKey(now.getDay())), day: now.getDate(), month: t(monthKey(now.getMonth() + 1)) })}
      </span>
    </div>
  );
}
