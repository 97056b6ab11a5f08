import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UK_POSTCODE_PATTERN, type FoundAddress } from '../../../../../contracts/platform/address/find-address';
import { EIRCODE_PATTERN } from '../../../../../contracts/platform/accounts/player-fields';
import { registerAccountStrings } from '../../../shared/i18n/account/register';
import { findAddress } from '../api/find-address';

registerAccountStrings();

/**
 * SIGNUP-24: the address look-up of sign-up step 2. The player types an Eircode or UK postcode,
 * chooses one of the addresses found, and the address fields are filled for them to check; the
 * fields stay editable, and a failed or empty look-up leaves them to be typed.
 */
export function AddressLookup({ country, onChoose }: { country: string | undefined; onChoose(address: FoundAddress): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [chosen, setChosen] = useState(false);
  const lookup = useMutation({ mutationFn: (code: string) => findAddress(country === 'GB' ? 'GB' : 'IE', code), onMutate: () => setChosen(false) });
  if (country !== 'IE' && country !== 'GB') return null;
  const valid = (country === 'IE' ? EIRCODE_PATTERN : UK_POSTCODE_PATTERN).test(postcode.trim());
  const addresses = lookup.data?.addresses;
  const label = (address: FoundAddress) => [address.building, address.street, address.city, address.postalCode].filter(Boolean).join(', ');
  return (
    <div className="address-lookup" data-testid="address-lookup">
      <label className="field__label" htmlFor={`${id}-postcode`}>
        {t('addressLookup.title')}
      </label>
      <div className="address-lookup__row">
        <input
          id={`${id}-postcode`}
          className="input"
          value={postcode}
          placeholder={t('addressLookup.postcode')}
          autoCapitalize="characters"
          onChange={(event) => setPostcode(event.target.value)}
          onKeyDown={(event) => {
            // The look-up has its own button; Enter here must not submit the sign-up form.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (valid) lookup.mutate(postcode.trim());
            }
          }}
          data-testid="address-lookup-postcode"
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={!valid || lookup.isPending}
          onClick={() => lookup.mutate(postcode.trim())}
          data-testid="address-lookup-find"
        >
          {lookup.isPending ? t('addressLookup.finding') : t('addressLookup.find')}
        </button>
      </div>
      {postcode.trim() && !valid ? <p className="field__hint">{t('addressLookup.invalid')}</p> : null}
      {lookup.isError ? (
        <p className="field__hint" role="status">
          {t('addressLookup.failed')}
        </p>
      ) : null}
      {addresses && addresses.length === 0 ? (
        <p className="field__hint" role="status" data-testid="address-lookup-none">
          {t('addressLookup.none')}
        </p>
      ) : null}
      {addresses && addresses.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-choice`}>
            {t('addressLookup.choose')}
          </label>
          <select
            id={`${id}-choice`}
            defaultValue=""
            onChange={(event) => {
              const address = addresses[Number(event.target.value)];
              if (!address) return;
              onChoose(address);
              setChosen(true);
            }}
            data-testid="address-lookup-choice"
          >
            <option value="" disabled>
              {t('addressLookup.chooseHint')}
            </option>
            {addresses.map((address, index) => (
              <option key={label(address)} value={index}>
                {label(address)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {chosen ? (
        <p className="field__hint" role="status">
          {t('addressLookup.filled')}
        </p>
      ) : null}
    </div>
  );
}
