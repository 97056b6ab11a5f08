import type { NewPlayer } from '../../platform/accounts';

export interface DemoPlayer {
  player: Omit<NewPlayer, 'passwordHash'>;
  password: string;
  currencies: string[];
}

const irishAddress = {
  gender: 'F',
  profession: 'Engineer',
  address: '12 Harbour Road',
  municipality: 'Dublin',
  city: 'Dublin',
  postalCode: 'D02 X285',
  country: 'IE',
  mobile: '353871234567',
  birthDate: '1990-04-12',
} as const;

/** Demo accounts of each status; the README lists them with their passwords. */
export const demoPlayers: DemoPlayer[] = [
  {
    player: {
      username: 'demo.player',
      email: 'demo.player@emerald.example',
      registrationStatus: 'PLAYER',
      kycStatus: 'EXPERIAN_PASS',
      firstName: 'Aoife',
      lastName: 'Byrne',
      ...irishAddress,
    },
    password: 'emerald-demo-1',
    currencies: ['EUR'],
  },
  {
    player: {
      username: 'demo.quickreg',
      email: 'demo.quickreg@emerald.example',
      registrationStatus: 'QUICK_REG',
      kycStatus: 'NOT_CHECKED',
      birthDate: '1988-09-30',
    },
    password: 'emerald-demo-1',
    currencies: ['EUR'],
  },
  {
    player: {
      username: 'demo.review',
      email: 'demo.review@emerald.example',
      registrationStatus: 'PLAYER',
      kycStatus: 'ID_CHECK_LOCK',
      firstName: 'Ciaran',
      lastName: 'Refer',
      ...irishAddress,
      gender: 'M',
    },
    password: 'emerald-demo-1',
    currencies: ['EUR'],
  },
  {
    player: {
      username: 'demo.lord',
      email: 'demo.lord@emerald.example',
      registrationStatus: 'PLAYER',
      kycStatus: 'PASS',
      vipStatus: 'LORD',
      firstName: 'Niamh',
      lastName: 'Kelly',
      ...irishAddress,
    },
    password: 'emerald-demo-1',
    currencies: ['EUR'],
  },
  {
    player: {
      username: 'demo.twocurrency',
      email: 'demo.twocurrency@emerald.example',
      registrationStatus: 'PLAYER',
      kycStatus: 'EXPERIAN_PASS',
      firstName: 'Oliver',
      lastName: 'Hughes',
      ...irishAddress,
      gender: 'M',
      address: '4 Donegall Square',
      municipality: 'Antrim',
      city: 'Belfast',
      postalCode: 'BT1 5GS',
      country: 'GB',
      mobile: '447911123456',
    },
    password: 'emerald-demo-1',
    currencies: ['EUR', 'GBP'],
  },
  {
    player: {
      username: 'demo.operator',
      email: 'operator@emerald.example',
      registrationStatus: 'PLAYER',
      kycStatus: 'N/A',
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      birthDate: '1985-01-01',
    },
    password: 'emerald-operator-1',
    currencies: ['EUR'],
  },
  {
    player: {
      username: 'demo.staff',
      email: 'staff@emerald.example',
      registrationStatus: 'PLAYER',
      kycStatus: 'N/A',
      roles: ['ROLE_USER'],
      birthDate: '1987-06-15',
    },
    password: 'emerald-staff-1',
    currencies: ['EUR'],
  },
];

// The two single marketing consents are kept, inactive, as a database migrated by 0048 has them:
// marketing is asked per product and channel now (server/platform/consents, marketing_consent).
export const demoConsents = [
  { key: 'TNC', name: 'I accept the Terms and Conditions', parentKey: 'MANDATORY', isMandatory: true, active: true },
  { key: 'PRIVACY', name: 'I accept the Privacy Policy', parentKey: 'MANDATORY', isMandatory: true, active: true },
  { key: 'MARKETING_EMAIL', name: 'Offers and news by e-mail', parentKey: 'MARKETING', isMandatory: false, active: false },
  { key: 'MARKETING_SMS', name: 'Offers and news by SMS', parentKey: 'MARKETING', isMandatory: false, active: false },
] as const;
