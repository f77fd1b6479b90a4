import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Translate } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { ALERT_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';

interface Props {
  /** The router location's key: a navigation (Back, a link) tries the screen again. */
  locationKey: string;
  t: Translate;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** The location rendered last: an error belongs to it. */
  errorKey: string | null;
}

/** Catches what the screen throws while rendering; forgets it when the location changes. */
class Boundary extends Component<Props, State> {
  override state: State = { error: null, errorKey: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return state.errorKey === props.locationKey ? null : { error: null, errorKey: props.locationKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The Files screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { t } = this.props;
    return (
      <section className="files-empty files-empty--error" aria-labelledby="files-screen-error-title">
        <Icon svg={ALERT_ICON} size={56} color="#c62828" />
        <h2 id="files-screen-error-title" role="alert">
          {t('Unexpected error: {error}', { error: error.message })}
        </h2>
        <button type="button" className="files-button files-button--primary" onClick={() => this.setState({ error: null })}>
          {t('Retry')}
        </button>
      </section>
    );
  }
}

/**
 * Around the routes: a screen that throws while rendering shows the error and 'Retry'
 * instead of blanking the page, and a navigation (Back, a link) renders it again. Plugins'
 * surfaces have their own boundaries (PluginBoundary); this one is for the shell's own.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const t = useT();
  return (
    <Boundary locationKey={location.key} t={t}>
      {children}
    </Boundary>
  );
}
