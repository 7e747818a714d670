import classes from './IndexLayout.module.css';

/**
 * A tool icon's short name, shown under it in the phone's drawer (where no tooltip can show)
 * and hidden beside a mouse (IndexLayout.module.css, `.toolLabel`). The button's own
 * aria-label is its accessible name, so the label is hidden from assistive technology.
 */
export function ToolLabel({ text }: { text: string }) {
  return (
    <span className={classes.toolLabel} aria-hidden="true" data-testid="tool-label">
      {text}
    </span>
  );
}
