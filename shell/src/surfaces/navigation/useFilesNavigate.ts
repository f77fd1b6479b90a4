import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { filesPath } from '../../model/navigation/filesLocation';
import type { FilesLocation } from '../../services/types';

/** Navigates inside the app to a view, folder or file (the filelist route, product §2). */
export function useFilesNavigate(): (location: FilesLocation, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback((location, options) => void navigate(filesPath(location), options), [navigate]);
}
