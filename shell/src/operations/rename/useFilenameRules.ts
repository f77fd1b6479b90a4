import { useEffect, useState } from 'react';
import type { FilenameRules } from '../../lib/engine';
import { useServices } from '../../ui/ServicesContext';
import { loadFilenameRules } from './filenameRules';

/**
 * The server's filename rules for a name field checked as the user types (rename, the
 * invalid-filename dialog of uploads): the engine's defaults until they arrive.
 */
export function useFilenameRules(): FilenameRules {
  const { api } = useServices();
  const [rules, setRules] = useState<FilenameRules>({});
  useEffect(() => {
    let alive = true;
    void loadFilenameRules(api).then((loaded) => alive && setRules(loaded));
    return () => {
      alive = false;
    };
  }, [api]);
  return rules;
}
