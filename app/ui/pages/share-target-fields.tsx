/**
 * The fields that name who to share with: a person's e-mail address or one of the caller's groups,
 * and read or write access.
 */
import type { Group } from '../../db/index.ts';
import { type FieldErrors, RadioGroup, SelectField, TextField } from '../components/form-fields.tsx';

/** Labels of the fields, for the error summary. */
export const SHARE_TARGET_LABELS = {
  email: 'E-mail address',
  group_id: 'Group',
  permission: 'Access',
} as const;

/** The fields; `withEmail` false offers groups only. */
export function ShareTargetFields(props: {
  readonly groups: readonly Group[];
  readonly errors: FieldErrors;
  readonly withEmail: boolean;
}) {
  const groupChoices = [
    { value: '', label: props.withEmail ? 'No group (share with the person above)' : 'Choose a group' },
    ...props.groups.map((g) => ({ value: String(g.id), label: g.name })),
  ];
  return (
    <>
      {props.withEmail ? (
        <TextField
          name="email"
          type="email"
          label={SHARE_TARGET_LABELS.email}
          value=""
          error={props.errors.email}
        />
      ) : null}
      <SelectField
        name="group_id"
        label={SHARE_TARGET_LABELS.group_id}
        hint={props.groups.length === 0 ? 'You are in no group yet: make one on the Groups page.' : undefined}
        value=""
        error={props.errors.group_id}
        choices={groupChoices}
      />
      <RadioGroup
        name="permission"
        label={SHARE_TARGET_LABELS.permission}
        value="read"
        error={props.errors.permission}
        choices={[
          { value: 'read', label: 'Can read' },
          { value: 'write', label: 'Can read and edit' },
        ]}
      />
    </>
  );
}
