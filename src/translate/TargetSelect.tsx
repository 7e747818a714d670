import { NativeSelect } from '@mantine/core';
import { useLanguage, useT } from '../i18n';
import { TRANSLATE_TARGETS } from '../settings/defaults';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
import { languageName } from './languages';

/** The one picker of the language articles are translated into (setting `integrated.translateTo`). */
export function TargetSelect({ testId }: { testId: string }) {
  const t = useT();
  const ui = useLanguage();
  const { translateTo } = useSettingsGroup('integrated');
  return (
    <NativeSelect
      size="xs"
      aria-label={t('ai.translate.language')}
      value={translateTo}
      onChange={(e) => updateSettings('integrated', { translateTo: e.currentTarget.value })}
      data={[
        { value: 'ui', label: t('ai.translate.uiLanguage', { name: languageName(ui, ui) }) },
        ...TRANSLATE_TARGETS.map((code) => ({ value: code, label: languageName(code, ui) })),
      ]}
      data-testid={testId}
    />
  );
}
