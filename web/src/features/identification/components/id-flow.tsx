import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { identifierCodes, isValidIdNumber, type IdentifierCode } from '../../../../../contracts/platform/identification/identification';
import { ChoiceSelect } from '../../../shared/components/choice-select';
import { isoDayYearsFromNow } from '../../documents';
import { useIdentificationMutations } from '../api/identification';
import { FlowStep, PublicFigureQuestion, TextField } from './flow-fields';
import { failureOutcome, type FlowOutcome } from './outcome';

/**
 * The ID flow (KYC-08, KYC-16…18, KYC-27): step 0 the document (ID number with its format, birth
 * names, mother's maiden name, expiry), step 1 the address, step 2 the public-figure question and
 * Register, which runs the identity check (type ID).
 */
export function IdFlow({ player, onOutcome }: { player: PlayerInfo | undefined; onOutcome(outcome: FlowOutcome): void }) {
  const { t } = useTranslation();
  const { check } = useIdentificationMutations();
  const [step, setStep] = useState(0);
  const [identifier, setIdentifier] = useState<IdentifierCode | ''>('');
  const [values, setValues] = useState({
    idNumber: '',
    birthName: player?.firstName ?? '',
    birthSurname: player?.lastName ?? '',
    motherName: '',
    expiryDate: '',
    birthPlace: '',
    city: player?.city ?? '',
    postalCode: player?.postalCode ?? '',
    streetAddress: player?.address ?? '',
    addressCard: '',
  });
  const [publicFigure, setPublicFigure] = useState<'yes' | 'no' | ''>('');
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const filled = (...names: (keyof typeof values)[]) => names.every((name) => values[name].trim() !== '');
  // KYC-14, KYC-15: the format of the chosen document (the ID card's while none is chosen).
  const idNumberValid = isValidIdNumber(values.idNumber, identifier || undefined);
  const idNumberError = values.idNumber.trim() !== '' && !idNumberValid ? t('identification.incorrectFormat') : undefined;

  const canProceed =
    [
      filled('idNumber', 'birthName', 'motherName', 'expiryDate', 'birthSurname') && idNumberValid,
      filled('birthPlace', 'city', 'postalCode', 'streetAddress', 'addressCard'),
      publicFigure !== '' && identifier !== '',
    ][step] ?? false;

  const register = () => {
    if (!identifier || !publicFigure) return;
    check.mutate(
      {
        token: '',
        type: 'ID',
        identifierValue: values.idNumber.trim(),
        identifierKind: 'DOCUMENT_IDENTIFIER',
        identifier,
        extraFields: {
          MOTHER_LAST_NAME: values.motherName,
          LAST_NAME: values.birthSurname,
          FIRST_NAME: values.birthName,
          BIRTH_PLACE: values.birthPlace,
          ...(player?.birthDate ? { BIRTH_DATE: player.birthDate } : {}),
        },
        expiryDate: values.expiryDate,
        address: { streetAddress: values.streetAddress, city: values.city, postalCode: values.postalCode, addressCardNumber: values.addressCard },
        publicFigure,
      },
      { onSuccess: () => onOutcome('identified'), onError: (error) => onOutcome(failureOutcome(error)) },
    );
  };

  const titles = [t('identification.step.document'), t('identification.step.address'), t('identification.step.declaration')];
  return (
    <FlowStep
      step={step}
      title={titles[step] ?? ''}
      canProceed={canProceed}
      onBack={() => setStep((current) => Math.max(0, current - 1))}
      onProceed={() => (step < 2 ? setStep(step + 1) : register())}
      finalLabel={t('identification.register')}
      pending={check.isPending}
      testId="id-flow"
    >
      {step === 0 ? (
        <>
          <ChoiceSelect<IdentifierCode>
            layout="field"
            label={t('identification.identifier')}
            placeholder={t('identification.identifier.IDENTITY_CARD')}
            value={identifier}
            onValueChange={setIdentifier}
            options={identifierCodes.map((code) => ({ value: code, label: t(`identification.identifier.${code}`) }))}
            testId="id-flow-identifier"
          />
          <TextField label={t('identification.idNumber')} value={values.idNumber} onChange={set('idNumber')} error={idNumberError} testId="id-flow-id-number" />
          <TextField
            label={t('identification.birthName')}
            value={values.birthName}
            onChange={set('birthName')}
            autoComplete="given-name"
            testId="id-flow-birth-name"
          />
          <TextField
            label={t('identification.birthSurname')}
            value={values.birthSurname}
            onChange={set('birthSurname')}
            autoComplete="family-name"
            testId="id-flow-birth-surname"
          />
          <TextField label={t('identification.motherName')} value={values.motherName} onChange={set('motherName')} testId="id-flow-mother-name" />
          <TextField
            label={t('identification.expiryDate')}
            type="date"
            value={values.expiryDate}
            min={isoDayYearsFromNow(0)}
            onChange={set('expiryDate')}
            testId="id-flow-expiry"
          />
        </>
      ) : null}
      {step === 1 ? (
        <>
          <TextField label={t('identification.birthPlace')} value={values.birthPlace} onChange={set('birthPlace')} testId="id-flow-birth-place" />
          <TextField label={t('identification.city')} value={values.city} onChange={set('city')} autoComplete="address-level2" testId="id-flow-city" />
          <TextField
            label={t('identification.postalCode')}
            value={values.postalCode}
            onChange={set('postalCode')}
            autoComplete="postal-code"
            testId="id-flow-postal-code"
          />
          <TextField
            label={t('identification.streetAddress')}
            value={values.streetAddress}
            onChange={set('streetAddress')}
            autoComplete="street-address"
            testId="id-flow-street"
          />
          <TextField label={t('identification.addressCard')} value={values.addressCard} onChange={set('addressCard')} testId="id-flow-address-card" />
        </>
      ) : null}
      {step === 2 ? (
        <>
          {identifier === '' ? (
            <ChoiceSelect<IdentifierCode>
              layout="field"
              label={t('identification.identifier')}
              placeholder={t('identification.identifier.IDENTITY_CARD')}
              value={identifier}
              onValueChange={setIdentifier}
              options={identifierCodes.map((code) => ({ value: code, label: t(`identification.identifier.${code}`) }))}
              required
              testId="id-flow-identifier-final"
            />
          ) : null}
          <PublicFigureQuestion value={publicFigure} onChange={setPublicFigure} name="id-flow" />
        </>
      ) : null}
    </FlowStep>
  );
}
