/** Decorative illustrations for the home page, drawn in code so the page needs no image requests. */

export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 420 360" role="presentation">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#34d399" stopOpacity=".45" />
          <stop offset="1" stopColor="#34d399" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde6a3" />
          <stop offset=".55" stopColor="#eeb547" />
          <stop offset="1" stopColor="#b97a14" />
        </linearGradient>
        <linearGradient id="hero-card" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#173f30" />
          <stop offset="1" stopColor="#0a1f17" />
        </linearGradient>
        <linearGradient id="hero-gem-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6ee7b7" />
          <stop offset="1" stopColor="#059669" />
        </linearGradient>
      </defs>
      <circle cx="210" cy="180" r="170" fill="url(#hero-glow)" />
      <g transform="rotate(-14 150 190)">
        <rect x="70" y="90" width="140" height="196" rx="16" fill="url(#hero-card)" stroke="#34d399" strokeOpacity=".35" />
        <text x="92" y="128" fill="#f3c25b" fontFamily="Outfit Variable, sans-serif" fontSize="28" fontWeight="700">
          A
        </text>
        <path
          d="M140 168c-18 22-34 30-34 48 0 12 10 20 20 20 7 0 12-4 14-8-2 10-6 16-12 20h24c-6-4-10-10-12-20 2 4 7 8 14 8 10 0 20-8 20-20 0-18-16-26-34-48Z"
          fill="url(#hero-gold)"
        />
      </g>
      <g transform="rotate(10 270 190)">
        <rect x="200" y="80" width="140" height="196" rx="16" fill="url(#hero-card)" stroke="#f3c25b" strokeOpacity=".5" />
        <text x="222" y="118" fill="#34d399" fontFamily="Outfit Variable, sans-serif" fontSize="28" fontWeight="700">
          7
        </text>
        <path d="M270 140 306 168 270 226 234 168Z" fill="url(#hero-gem-a)" />
        <path d="M270 140 282 168 270 226 258 168Z" fill="#a7f3d0" opacity=".7" />
        <path d="M234 168h72l-36 58Z" fill="#047857" opacity=".5" />
      </g>
      <g>
        <circle cx="98" cy="292" r="34" fill="url(#hero-gold)" />
        <circle cx="98" cy="292" r="24" fill="none" stroke="#1d1303" strokeOpacity=".35" strokeWidth="4" strokeDasharray="8 6" />
        <circle cx="340" cy="300" r="26" fill="#10b981" />
        <circle cx="340" cy="300" r="18" fill="none" stroke="#022c22" strokeOpacity=".45" strokeWidth="3" strokeDasharray="6 5" />
        <circle cx="352" cy="62" r="6" fill="#fde6a3" />
        <circle cx="62" cy="78" r="4" fill="#6ee7b7" />
        <circle cx="384" cy="190" r="3" fill="#fde6a3" />
      </g>
    </svg>
  );
}

export function CasinoArt() {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" role="presentation">
      <rect x="10" y="18" width="76" height="60" rx="12" fill="#0f2a20" stroke="#f3c25b" strokeOpacity=".6" strokeWidth="2" />
      {[22, 48, 74].map((x) => (
        <g key={x}>
          <rect x={x - 10} y="28" width="20" height="40" rx="5" fill="#04140e" />
          <text x={x} y="55" textAnchor="middle" fill="#f3c25b" fontFamily="Outfit Variable, sans-serif" fontSize="20" fontWeight="800">
            7
          </text>
        </g>
      ))}
    </svg>
  );
}

export function LiveArt() {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" role="presentation">
      <circle cx="48" cy="48" r="36" fill="#0f2a20" stroke="#34d399" strokeOpacity=".6" strokeWidth="2" />
      {Array.from({ length: 12 }, (_, index) => (
        <path
          key={index}
          d="M48 48 48 14A34 34 0 0 1 65 18.6Z"
          fill={index % 2 === 0 ? '#b91c1c' : '#04140e'}
          transform={`rotate(${index * 30} 48 48)`}
          opacity=".9"
        />
      ))}
      <circle cx="48" cy="48" r="14" fill="#f3c25b" />
      <circle cx="48" cy="48" r="5" fill="#1d1303" />
      <circle cx="62" cy="24" r="4" fill="#fff" />
    </svg>
  );
}

export function BingoArt() {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" role="presentation">
      <circle cx="36" cy="52" r="24" fill="#10b981" />
      <circle cx="36" cy="52" r="13" fill="#ecfdf5" />
      <text x="36" y="58" textAnchor="middle" fill="#064e3b" fontFamily="Outfit Variable, sans-serif" fontSize="15" fontWeight="800">
        B7
      </text>
      <circle cx="66" cy="36" r="18" fill="#f3c25b" />
      <circle cx="66" cy="36" r="10" fill="#fffbeb" />
      <text x="66" y="41" textAnchor="middle" fill="#78350f" fontFamily="Outfit Variable, sans-serif" fontSize="12" fontWeight="800">
        42
      </text>
    </svg>
  );
}
