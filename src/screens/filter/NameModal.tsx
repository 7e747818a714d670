import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { MAX_FILTER_NAME } from '../../filters/savedFilters';
import { useT } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { Dialog } from '../../components/Dialog';

interface NameModalProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  initialName: string;
  onClose: () => void;
  /** Saves under `name`; throw an Error to show its message and keep the dialog open. */
  onSave: (name: string) => void;
}

/** Asks for a filter's name (save as, rename). Enter saves; Esc cancels. */
export function NameModal(props: NameModalProps) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title={props.title} size={420} centered>
      {/* Mounted per opening so the field starts from the current name every time. */}
      {props.opened && <NameForm {...props} />}
    </Dialog>
  );
}

function NameForm({ initialName, confirmLabel, onClose, onSave }: NameModalProps) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    try {
      onSave(name);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form onSubmit={submit} data-testid="filter-name-form">
      <TextInput
        label={t('filter.name')}
        placeholder={t('filter.namePlaceholder')}
        value={name}
        maxLength={MAX_FILTER_NAME}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        data-autofocus
        data-testid="filter-name-input"
      />
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="filter-name-save">
          {confirmLabel}
        </Button>
      </Group>
    </form>
  );
}
