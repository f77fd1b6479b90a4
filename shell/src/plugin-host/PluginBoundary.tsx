import { Component } from 'react';
import type { ContextType, ErrorInfo, ReactNode } from 'react';
import type { Translate } from '@cumulus/sdk';
import { ServicesContext } from '../ui/ServicesContext';
import { reportEntryFailure } from './reportEntryFailure';

interface Props {
  /** The plugin whose surface this wraps (`core` for the shell's own). */
  pluginId: string;
  t: Translate;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a plugin's rendering failure inside its own surface and names the
 * plugin, so one faulty plugin never blanks the page; the failure goes to the
 * host (`reportError`), which reports the plugin and takes it back.
 */
export class PluginBoundary extends Component<Props, State> {
  static override contextType = ServicesContext;
  declare context: ContextType<typeof ServicesContext>;
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Plugin "${this.props.pluginId}" failed to render`, error, info.componentStack);
    if (this.context !== null) reportEntryFailure(this.context.host, this.props.pluginId, 'render', error);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <span role="alert" className="plugin-error">
        {this.props.t('Plugin "{id}" failed to render: {reason}', { id: this.props.pluginId, reason: this.state.error.message })}
      </span>
    );
  }
}
