import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../i18n';

export interface PromptOptions {
  title: string;
  label: string;
  initial?: string;
  confirmLabel?: string;
  /** Returns an error message for a value that cannot be accepted, or null. */
  validate?: (value: string) => string | null;
}

interface Pending extends PromptOptions {
  resolve: (value: string | null) => void;
}

let open: ((p: Pending) => void) | null = null;

/**
 * Asks for one line of text (rename, edit address). Resolves with the trimmed value, or null
 * when cancelled. Rejects when no `<TextPromptHost>` is mounted. A second prompt cancels the first.
 */
export function promptText(options: PromptOptions): Promise<string | null> {
  const opener = open;
  if (!opener) return Promise.reject(new Error('promptText() needs <TextPromptHost> mounted'));
  return new Promise((resolve) => opener({ ...options, resolve }));
}

/** Mount once; renders the dialog `promptText()` drives. */
export function TextPromptHost() {
  const t = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current: Pending | null = null;
    open = (p) => {
      current?.resolve(null);
      current = p;
      setPending(p);
      setValue(p.initial ?? '');
      setError(null);
    };
    return () => {
      open = null;
      current?.resolve(null);
    };
  }, []);

  const close = (result: string | null) => {
    pending?.resolve(result);
    setPending(null);
  };
  const submit = () => {
    const v = value.trim();
    const problem = !v ? t('subscribe.prompt.empty') : (pending?.validate?.(v) ?? null);
    if (problem) return setError(problem);
    close(v);
  };

  return (
    <Modal opened={pending !== null} onClose={() => close(null)} title={pending?.title} size={440} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="prompt-dialog"
      >
        <TextInput
          label={pending?.label}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
          data-testid="prompt-input"
        />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => close(null)} data-testid="prompt-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="prompt-ok">
            {pending?.confirmLabel ?? t('subscribe.prompt.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
