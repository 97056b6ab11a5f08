import { useSession } from './use-session';

/** Which inducements the portal may show the signed-in player (issue 29 item 7); all of them for a visitor. */
export interface Inducements {
  /** False until the session check has answered: until then nothing that may be closed is shown. */
  checked: boolean;
  loyaltyPoints: boolean;
  loyaltyShop: boolean;
  referAFriend: boolean;
  bonusOffers: boolean;
}

export function useInducements(): Inducements {
  const { inducementsOff, checked } = useSession();
  return {
    checked,
    loyaltyPoints: !inducementsOff.includes('LOYALTY_POINTS'),
    loyaltyShop: !inducementsOff.includes('LOYALTY_SHOP'),
    referAFriend: !inducementsOff.includes('REFER_A_FRIEND'),
    bonusOffers: !inducementsOff.includes('BONUS_OFFERS'),
  };
}
