import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffRoleSchema, type StaffRole } from '../../../../../contracts/back-office/permissions';
import type { StaffMemberView } from '../../../../../contracts/back-office/staff';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useChangeStaff, useCreateStaff, useStaffList } from '../api/staff';
import { formatWhen } from './format';
import './staff-manager.css';

const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  error instanceof BackOfficeError ? error.fieldErrors.find((entry) => entry.field === field)?.error : undefined;

function RoleChoice({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="bo-roles">
      <legend>{legend}</legend>
      {staffRoleSchema.options.map((role) => (
        <label key={role} className="bo-inline-form">
          <input
            type="checkbox"
            name="roles"
            value={role}
            checked={value.includes(role)}
            onChange={(event) => onChange(event.target.checked ? [...value, role] : value.filter((held) => held !== role))}
          />{' '}
          {t(`bo.staff.role.${role}`)}
        </label>
      ))}
      {error ? (
        <p className="field__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A new member: their roles, and an initial password the operator sets or the server generates (shown once). */
function CreateStaffForm() {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const [draft, setDraft] = useState({ username: '', displayName: '', email: '', password: '' });
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { username: draft.username, displayName: draft.displayName, email: draft.email, roles, ...(draft.password ? { password: draft.password } : {}) },
      {
        onSuccess: () => {
          setDraft({ username: '', displayName: '', email: '', password: '' });
          setRoles([]);
        },
      },
    );
  };
  const error = (field: string) => fieldErrorOf(create.error, field);
  const text = (name: keyof typeof draft, label: string, type = 'text', hint?: string) => (
    <Field label={label} error={error(name)} hint={hint} required={name !== 'password'}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          type={type}
          autoComplete="off"
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        />
      )}
    </Field>
  );
  const created = create.data;
  return (
    <section className="bo-card" data-testid="bo-staff-create">
      <h3 className="bo-card__title">{t('bo.staff.createTitle')}</h3>
      <p className="bo-muted">{t('bo.staff.createLead')}</p>
      <form className="bo-stack" onSubmit={submit} noValidate>
        {text('username', t('bo.staff.username'))}
        {text('displayName', t('bo.staff.displayName'))}
        {text('email', t('bo.staff.email'), 'email')}
        <RoleChoice legend={t('bo.staff.roles')} value={roles} onChange={setRoles} error={error('roles')} />
        {text('password', t('bo.staff.password'), 'text', t('bo.staff.passwordHint'))}
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {t('bo.staff.create')}
        </button>
        {create.isError && create.error instanceof BackOfficeError && create.error.fieldErrors.length === 0 ? <p role="alert">{t('bo.failed')}</p> : null}
      </form>
      {created ? (
        <div role="status" className="bo-ok bo-stack bo-staff-password" data-testid="bo-staff-created">
          <p>{t('bo.staff.created', { username: created.member.username })}</p>
          {created.generatedPassword ? (
            <p>
              {t('bo.staff.generatedPassword')} <code data-testid="bo-staff-generated-password">{created.generatedPassword}</code>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** `2026-11-26T10:00` (a datetime-local value, read as UTC, as every time here is shown) ↔ ISO. */
const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromLocalInput = (value: string) => `${value}:00.000Z`;

function StaffCard({ member, self }: { member: StaffMemberView; self: boolean }) {
  const { t } = useTranslation();
  const change = useChangeStaff(member.staffId);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [accessEnd, setAccessEnd] = useState(toLocalInput(member.accessExpiresAt));
  const [confirming, setConfirming] = useState<'disable' | 'resetTwoFactor' | null>(null);
  const error = (field: string) => fieldErrorOf(change.error, field);
  return (
    <section className="bo-card" data-testid={`bo-staff-${member.username}`}>
      <h3 className="bo-card__title">
        {member.displayName} <span className="bo-muted">({member.username})</span>
      </h3>
      <dl className="bo-facts">
        <dt>{t('bo.staff.roles')}</dt>
        <dd>{member.roles.map((role) => t(`bo.staff.role.${role}`)).join(', ')}</dd>
        <dt>{t('bo.staff.twoFactor')}</dt>
        <dd data-testid="bo-staff-two-factor">{member.twoFactorEnrolled ? t('bo.staff.enrolled') : t('bo.staff.notEnrolled')}</dd>
        <dt>{t('bo.staff.lastSignIn')}</dt>
        <dd>{member.lastSignInAt ? formatWhen(member.lastSignInAt) : t('bo.staff.never')}</dd>
        <dt>{t('bo.staff.status')}</dt>
        <dd data-testid="bo-staff-status">{member.disabled ? t('bo.staff.disabled') : t('bo.staff.active')}</dd>
        <dt>{t('bo.staff.accessEnd')}</dt>
        <dd>{member.accessExpiresAt ? formatWhen(member.accessExpiresAt) : t('bo.staff.noAccessEnd')}</dd>
      </dl>
      {self ? <p className="bo-muted">{t('bo.staff.self')}</p> : null}
      <details>
        <summary>{t('bo.staff.change')}</summary>
        <div className="bo-stack">
          <form
            className="bo-stack"
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate({ kind: 'roles', roles });
            }}
          >
            <RoleChoice legend={t('bo.staff.roles')} value={roles} onChange={setRoles} error={error('roles')} />
            <button type="submit" className="button button--secondary" disabled={change.isPending}>
              {t('bo.staff.saveRoles')}
            </button>
          </form>
          <form
            className="bo-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate({ kind: 'accessEnd', accessExpiresAt: accessEnd ? fromLocalInput(accessEnd) : null });
            }}
          >
            <Field label={t('bo.staff.accessEndInput')} error={error('accessExpiresAt')}>
              {(control) => (
                <input {...control} className="input" type="datetime-local" value={accessEnd} onChange={(event) => setAccessEnd(event.target.value)} />
              )}
            </Field>
            <button type="submit" className="button button--secondary" disabled={change.isPending || (!accessEnd && !member.accessExpiresAt)}>
              {accessEnd ? t('bo.staff.setAccessEnd') : t('bo.staff.clearAccessEnd')}
            </button>
          </form>
          {confirming ? (
            // Disabling and resetting two-factor take effect at once (sessions end, the authenticator is forgotten): asked once more.
            <div
              className="bo-stack"
              role="group"
              aria-label={t(confirming === 'disable' ? 'bo.staff.disable' : 'bo.staff.resetTwoFactor')}
              data-testid="bo-staff-confirm"
            >
              <p>{t(confirming === 'disable' ? 'bo.staff.confirmDisable' : 'bo.staff.confirmReset', { name: member.displayName })}</p>
              <div className="bo-actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={change.isPending}
                  onClick={() => {
                    change.mutate(confirming === 'disable' ? { kind: 'disabled', disabled: true } : { kind: 'resetTwoFactor' });
                    setConfirming(null);
                  }}
                >
                  {t('bo.staff.confirm')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                  {t('bo.staff.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div className="bo-actions">
              <button type="button" className="button button--secondary" disabled={change.isPending} onClick={() => setConfirming('resetTwoFactor')}>
                {t('bo.staff.resetTwoFactor')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={change.isPending || (self && !member.disabled)}
                onClick={() => (member.disabled ? change.mutate({ kind: 'disabled', disabled: false }) : setConfirming('disable'))}
              >
                {member.disabled ? t('bo.staff.enable') : t('bo.staff.disable')}
              </button>
            </div>
          )}
          {error('disabled') ? <p role="alert">{error('disabled')}</p> : null}
          {change.isError && change.error instanceof BackOfficeError && change.error.fieldErrors.length === 0 ? <p role="alert">{t('bo.failed')}</p> : null}
          {change.isSuccess ? <p role="status">{t('bo.staff.saved')}</p> : null}
        </div>
      </details>
    </section>
  );
}

/**
 * Staff accounts (staff.manage, operators): create a member, and change roles, disable, reset
 * two-factor or time-box an account. The server refuses one's own disable, access end or staff
 * management; the form only makes those harder to ask for.
 */
export function StaffManager({ staffId }: { staffId: string }) {
  const { t } = useTranslation();
  const staff = useStaffList();
  return (
    <div className="bo-stack" data-testid="bo-staff-manager">
      <CreateStaffForm />
      {staff.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {staff.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      <div className="bo-grid">
        {staff.data?.staff.map((member) => (
          // Keyed by its state too: a change read back resets the card's drafts to what is stored.
          <StaffCard key={`${member.staffId}:${member.roles.join()}:${member.accessExpiresAt ?? ''}`} member={member} self={member.staffId === staffId} />
        ))}
      </div>
    </div>
  );
}
