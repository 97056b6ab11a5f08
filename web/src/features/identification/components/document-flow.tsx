import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { identifierCodes, isValidIdNumber, type IdentifierCode } from '../../../../../contracts/platform/identification/identification';
import { ChoiceSelect } from '../../../shared/components/choice-select';
import { Dropzone, isoDayYearsFromNow, type ChosenFile } from '../../documents';
import { useIdentificationMutations } from '../api/identification';
import { FlowStep, PublicFigureQuestion, TextField } from './flow-fields';
import type { FlowOutcome } from './outcome';

/**
 * The register scheme's Document flow (KYC-09, KYC-19…21, KYC-26; only for a country in
 * IDENTITY_REGISTER_COUNTRIES, issue 27): step 0 the document's data, step 1 the address,
 * step 2 the files (the first two required, the third optional) and the public-figure answer.
 * Register uploads the document with its files for staff review (a multiple save).
 */
export function DocumentFlow({ player, onOutcome }: { player: PlayerInfo | undefined; onOutcome(outcome: FlowOutcome): void }) {
  const { t } = useTranslation();
  const { upload } = useIdentificationMutations();
  const [step, setStep] = useState(0);
  const [identifier, setIdentifier] = useState<IdentifierCode | ''>('');
  const [values, setValues] = useState({
    idNumber: '',
    // Dates start empty (issue 27): a prefilled date is one a player can submit without reading.
    issueDate: '',
    expiryDate: '',
    birthSurname: player?.lastName ?? '',
    birthName: player?.firstName ?? '',
    motherName: '',
    birthPlace: '',
    lastName: player?.lastName ?? '',
    firstName: player?.firstName ?? '',
    postalCode: player?.postalCode ?? '',
    city: player?.city ?? '',
    streetAddress: player?.address ?? '',
    addressCard: '',
  });
  const [files, setFiles] = useState<(ChosenFile | null)[]>([null, null, null]);
  const [publicFigure, setPublicFigure] = useState<'yes' | 'no' | ''>('');
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const setFile = (index: number) => (value: ChosenFile | null) => setFiles((current) => current.map((file, at) => (at === index ? value : file)));
  const filled = (...names: (keyof typeof values)[]) => names.every((name) => values[name].trim() !== '');
  const idNumberValid = isValidIdNumber(values.idNumber, identifier || undefined);
  const idNumberError = values.idNumber.trim() !== '' && !idNumberValid ? t('identification.incorrectFormat') : undefined;

  const canProceed =
    [
      identifier !== '' && idNumberValid && filled('idNumber', 'issueDate', 'expiryDate', 'birthSurname', 'birthName', 'motherName', 'birthPlace'),
      filled('lastName', 'firstName', 'postalCode', 'city', 'streetAddress', 'addressCard'),
      publicFigure !== '' && files[0] !== null && files[1] !== null,
    ][step] ?? false;

  const register = () => {
    const [front, back, other] = files;
    if (!identifier || !front || !back || !publicFigure) return;
    upload.mutate(
      {
        documentType: identifier,
        issueDate: values.issueDate,
        expiryDate: values.expiryDate,
        documentNumber: values.idNumber,
        details: {
          birthSurname: values.birthSurname,
          birthName: values.birthName,
          motherMaidenName: values.motherName,
          birthPlace: values.birthPlace,
          lastName: values.lastName,
          firstName: values.firstName,
          postalCode: values.postalCode,
          city: values.city,
          streetAddress: values.streetAddress,
          addressCardNumber: values.addressCard,
          // The register is the declared country's: its documents are that country's.
          issuingCountry: player?.country ?? '',
          publicFigure,
        },
        files: [{ file: front.file, side: 'FRONT' }, { file: back.file, side: 'BACK' }, ...(other ? [{ file: other.file, side: 'CONTENT' as const }] : [])],
      },
      { onSuccess: () => onOutcome('documents'), onError: () => onOutcome('completionFailed') },
    );
  };

  const titles = [t('identification.step.document'), t('identification.step.address'), t('identification.step.files')];
  return (
    <FlowStep
      step={step}
      title={titles[step] ?? ''}
      canProceed={canProceed}
      onBack={() => setStep((current) => Math.max(0, current - 1))}
      onProceed={() => (step < 2 ? setStep(step + 1) : register())}
      finalLabel={t('identification.register')}
      pending={upload.isPending}
      testId="document-flow"
    >
      {step === 0 ? (
        <>
          <ChoiceSelect<IdentifierCode>
            layout="field"
            label={t('identification.identifier')}
            placeholder={t('documents.type.placeholder')}
            value={identifier}
            onValueChange={setIdentifier}
            options={identifierCodes.map((code) => ({ value: code, label: t(`identification.identifier.${code}`) }))}
            required
            testId="document-flow-identifier"
          />
          <TextField
            label={t('identification.idNumber')}
            value={values.idNumber}
            onChange={set('idNumber')}
            error={idNumberError}
            testId="document-flow-id-number"
          />
          <TextField
            label={t('identification.issueDate')}
            type="date"
            value={values.issueDate}
            max={isoDayYearsFromNow(0)}
            onChange={set('issueDate')}
            testId="document-flow-issue"
          />
          <TextField
            label={t('identification.expiryDate')}
            type="date"
            value={values.expiryDate}
            min={isoDayYearsFromNow(0)}
            onChange={set('expiryDate')}
            testId="document-flow-expiry"
          />
          <TextField label={t('identification.birthSurname')} value={values.birthSurname} onChange={set('birthSurname')} testId="document-flow-birth-surname" />
          <TextField label={t('identification.birthName')} value={values.birthName} onChange={set('birthName')} testId="document-flow-birth-name" />
          <TextField label={t('identification.motherName')} value={values.motherName} onChange={set('motherName')} testId="document-flow-mother-name" />
          <TextField label={t('identification.birthPlace')} value={values.birthPlace} onChange={set('birthPlace')} testId="document-flow-birth-place" />
        </>
      ) : null}
      {step === 1 ? (
        <>
          <TextField
            label={t('identification.lastName')}
            value={values.lastName}
            onChange={set('lastName')}
            autoComplete="family-name"
            testId="document-flow-last-name"
          />
          <TextField
            label={t('identification.firstName')}
            value={values.firstName}
            onChange={set('firstName')}
            autoComplete="given-name"
            testId="document-flow-first-name"
          />
          <TextField
            label={t('identification.postalCode')}
            value={values.postalCode}
            onChange={set('postalCode')}
            autoComplete="postal-code"
            testId="document-flow-postal-code"
          />
          <TextField label={t('identification.city')} value={values.city} onChange={set('city')} autoComplete="address-level2" testId="document-flow-city" />
          <TextField
            label={t('identification.streetAddress')}
            value={values.streetAddress}
            onChange={set('streetAddress')}
            autoComplete="street-address"
            testId="document-flow-street"
          />
          <TextField label={t('identification.addressCard')} value={values.addressCard} onChange={set('addressCard')} testId="document-flow-address-card" />
        </>
      ) : null}
      {step === 2 ? (
        <>
          <div className="flow__files">
            <Dropzone label={t('identification.file1')} value={files[0] ?? null} onChange={setFile(0)} required testId="document-flow-file1" />
            <Dropzone label={t('identification.file2')} value={files[1] ?? null} onChange={setFile(1)} required testId="document-flow-file2" />
            <Dropzone label={t('identification.file3')} value={files[2] ?? null} onChange={setFile(2)} testId="document-flow-file3" />
          </div>
          <PublicFigureQuestion value={publicFigure} onChange={setPublicFigure} name="document-flow" />
        </>
      ) : null}
    </FlowStep>
  );
}
