import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { documentTypeFlags } from '../../../../../contracts/platform/documents/document-types';
import {
  identityDocumentCodes,
  identityMessages,
  identitySubmissionSchema,
  type IdentitySubmission,
  type IdentitySubmissionInput,
} from '../../../../../contracts/platform/identification/identity-declaration';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field } from '../../../shared/components/form-fields';
import { Dropzone, isoDayYearsFromNow, type ChosenFile } from '../../documents';
import { countryChoices } from '../../signup/countries';
import { useIdentificationMutations } from '../api/identification';
import { FlowStep, PublicFigureQuestion } from './flow-fields';
import type { FlowOutcome } from './outcome';

type FormPath = FieldPath<IdentitySubmissionInput>;
type FileSlot = 'front' | 'back' | 'address';

/** Each step's fields, checked before the player moves on (KYC-08's three steps). */
const stepFields: FormPath[][] = [
  ['documentType', 'documentNumber', 'details.issuingCountry', 'expiryDate', 'issueDate', 'details.firstName', 'details.lastName'],
  ['details.streetAddress', 'details.city', 'details.postalCode'],
  ['details.publicFigure'],
];

const messageKeys = new Map(
  Object.entries(identityMessages).map(([name, text]) => [text as string, `identification.error.${name as keyof typeof identityMessages}` as const]),
);

/**
 * How a player in Ireland or Great Britain identifies (issue 27): step 0 the identity document —
 * passport, driving licence or national identity card, its number, issuing country, expiry date and
 * an optional issue date, the names as printed (dates start empty); step 1 the address and its
 * proof; step 2 the document's images and the public-figure question (KYC-22). The contract's
 * schema checks every step here and again on the server, which keeps the declaration with the
 * document for the reviewer.
 */
export function IdentityDocumentFlow({ player, onOutcome }: { player: PlayerInfo | undefined; onOutcome(outcome: FlowOutcome): void }) {
  const { t, i18n } = useTranslation();
  const { upload } = useIdentificationMutations();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<Record<FileSlot, ChosenFile | null>>({ front: null, back: null, address: null });
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileSlot, string>>>({});
  const schema = useMemo(() => identitySubmissionSchema('DOCUMENT'), []);
  const { register, control, handleSubmit, trigger, setError, formState } = useForm<IdentitySubmissionInput, unknown, IdentitySubmission>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      documentType: '' as IdentitySubmissionInput['documentType'],
      documentNumber: '',
      issueDate: '',
      expiryDate: '',
      details: {
        firstName: player?.firstName ?? '',
        lastName: player?.lastName ?? '',
        issuingCountry: '',
        streetAddress: player?.address ?? '',
        city: player?.city ?? '',
        postalCode: player?.postalCode ?? '',
        publicFigure: '' as 'yes',
      },
    },
  });
  const documentType = useWatch({ control, name: 'documentType' });
  const needsBack = Boolean(documentType && documentTypeFlags(documentType)?.multipleFileRequired);
  // Ireland and the United Kingdom first: most players hold their documents; then every country by name.
  const countries = useMemo(() => {
    const all = countryChoices(i18n.language);
    const first = ['IE', 'GB'].flatMap((code) => all.filter((country) => country.code === code));
    return [...first, ...all.filter((country) => country.code !== 'IE' && country.code !== 'GB')];
  }, [i18n.language]);

  const errorOf = (path: FormPath): string | undefined => {
    const parts = path.split('.');
    let node: unknown = formState.errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: string } | undefined)?.message;
    if (!message) return undefined;
    const key = messageKeys.get(message);
    return key ? t(key) : message;
  };
  const setFile = (slot: FileSlot) => (value: ChosenFile | null) => {
    setFiles((current) => ({ ...current, [slot]: value }));
    setFileErrors((current) => ({ ...current, [slot]: undefined }));
  };
  const missingFiles = (slots: FileSlot[]) => {
    const missing = slots.filter((slot) => files[slot] === null);
    setFileErrors(Object.fromEntries(missing.map((slot) => [slot, t('identification.error.file')])));
    return missing.length > 0;
  };

  const submit = handleSubmit((values) => {
    const { front, back, address } = files;
    if (!front || !address || (needsBack && !back)) return;
    upload.mutate(
      {
        documentType: values.documentType,
        documentNumber: values.documentNumber,
        issueDate: values.issueDate || undefined,
        expiryDate: values.expiryDate,
        details: values.details,
        files: [
          { file: front.file, side: 'FRONT' },
          ...(needsBack && back ? [{ file: back.file, side: 'BACK' as const }] : []),
          { file: address.file, side: 'CONTENT' as const },
        ],
      },
      {
        onSuccess: () => onOutcome('documents'),
        onError: (error) => {
          // A field the server refused is marked where the player typed it, on its step.
          const refused = describeApiFailure(error).errors.filter((entry) => stepFields.some((fields) => fields.includes(entry.field as FormPath)));
          if (refused.length === 0) return onOutcome('completionFailed');
          for (const entry of refused) setError(entry.field as FormPath, { type: 'server', message: entry.error });
          setStep(stepFields.findIndex((fields) => fields.includes(refused[0]?.field as FormPath)));
        },
      },
    );
  });

  const proceed = async () => {
    const valid = await trigger(stepFields[step] ?? [], { shouldFocus: true });
    if (step === 1 && missingFiles(['address'])) return;
    if (step === 2 && missingFiles(needsBack ? ['front', 'back'] : ['front'])) return;
    if (!valid) return;
    if (step < 2) setStep(step + 1);
    else void submit();
  };

  const textField = (
    path: FormPath,
    label: string,
    testId: string,
    options: { autoComplete?: string; required?: boolean; type?: 'text' | 'date'; min?: string; max?: string; hint?: string; maxLength?: number } = {},
  ) => (
    <Field label={label} required={options.required ?? true} error={errorOf(path)} hint={options.hint}>
      {(fieldControl) => (
        <input
          {...fieldControl}
          {...register(path)}
          className="input"
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          maxLength={options.type === 'date' ? undefined : (options.maxLength ?? 60)}
          {...(options.min ? { min: options.min } : {})}
          {...(options.max ? { max: options.max } : {})}
          data-testid={testId}
        />
      )}
    </Field>
  );

  const titles = [t('identification.step.identityDocument'), t('identification.step.proofOfAddress'), t('identification.step.files')];
  return (
    <FlowStep
      step={step}
      title={titles[step] ?? ''}
      canProceed
      onBack={() => setStep((current) => Math.max(0, current - 1))}
      onProceed={() => void proceed()}
      finalLabel={t('identification.register')}
      pending={upload.isPending}
      testId="identity-flow"
    >
      {step === 0 ? (
        <>
          <Field label={t('identification.documentType')} required error={errorOf('documentType')}>
            {(fieldControl) => (
              <select {...fieldControl} {...register('documentType')} className="input" data-testid="identity-flow-document-type">
                <option value="">{t('identification.documentType.placeholder')}</option>
                {identityDocumentCodes.map((code) => (
                  <option key={code} value={code}>
                    {t(`identification.document.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {textField('documentNumber', t('identification.documentNumber'), 'identity-flow-number', {
            maxLength: 20,
            hint: t('identification.documentNumber.hint'),
          })}
          <Field label={t('identification.issuingCountry')} required error={errorOf('details.issuingCountry')}>
            {(fieldControl) => (
              <select {...fieldControl} {...register('details.issuingCountry')} className="input" data-testid="identity-flow-issuing-country">
                <option value="">{t('identification.issuingCountry.placeholder')}</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {textField('expiryDate', t('identification.expiryDate'), 'identity-flow-expiry', { type: 'date', min: isoDayYearsFromNow(0) })}
          {textField('issueDate', t('identification.issueDateOptional'), 'identity-flow-issue', { type: 'date', required: false, max: isoDayYearsFromNow(0) })}
          {textField('details.firstName', t('identification.firstNameOnDocument'), 'identity-flow-first-name', { autoComplete: 'given-name' })}
          {textField('details.lastName', t('identification.lastNameOnDocument'), 'identity-flow-last-name', { autoComplete: 'family-name' })}
        </>
      ) : null}
      {step === 1 ? (
        <>
          {textField('details.streetAddress', t('identification.streetAddress'), 'identity-flow-street', { autoComplete: 'street-address', maxLength: 120 })}
          {textField('details.city', t('identification.city'), 'identity-flow-city', { autoComplete: 'address-level2' })}
          {textField('details.postalCode', t('identification.postalCode'), 'identity-flow-postal-code', { autoComplete: 'postal-code', maxLength: 16 })}
          <p className="flow__note">{t('identification.proofOfAddress.text')}</p>
          <div className="flow__files">
            <Dropzone
              label={t('identification.proofOfAddress')}
              value={files.address}
              onChange={setFile('address')}
              required
              error={fileErrors.address}
              testId="identity-flow-address-proof"
            />
          </div>
        </>
      ) : null}
      {step === 2 ? (
        <>
          <div className="flow__files">
            <Dropzone
              label={t('identification.file.front')}
              value={files.front}
              onChange={setFile('front')}
              required
              error={fileErrors.front}
              testId="identity-flow-file-front"
            />
            {needsBack ? (
              <Dropzone
                label={t('identification.file.back')}
                value={files.back}
                onChange={setFile('back')}
                required
                error={fileErrors.back}
                testId="identity-flow-file-back"
              />
            ) : null}
          </div>
          <Controller
            control={control}
            name="details.publicFigure"
            render={({ field }) => <PublicFigureQuestion value={(field.value as 'yes' | 'no' | '') ?? ''} onChange={field.onChange} name="identity-flow" />}
          />
          {errorOf('details.publicFigure') ? (
            <p className="field__error" data-testid="field-error">
              {errorOf('details.publicFigure')}
            </p>
          ) : null}
        </>
      ) : null}
    </FlowStep>
  );
}
