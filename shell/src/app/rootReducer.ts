import { combineReducers } from '@reduxjs/toolkit';
import { coreConfigSlice } from '../features/config/coreConfigSlice';
import { userConfigSlice } from '../features/config/userConfigSlice';
import { viewConfigSlice } from '../features/config/viewConfigSlice';
import { dragSlice } from '../features/drag/dragSlice';
import { filterSlice } from '../features/filter/filterSlice';
import { folderSlice } from '../features/folder/folderSlice';
import { appNavigationSlice } from '../features/navigation/appNavigationSlice';
import { navigationSlice } from '../features/navigation/navigationSlice';
import { nodesSlice } from '../features/nodes/nodesSlice';
import { quotaSlice } from '../features/quota/quotaSlice';
import { selectionSlice } from '../features/selection/selectionSlice';
import { settingsSlice } from '../features/settings/settingsSlice';
import { sidebarSlice } from '../features/sidebar/sidebarSlice';
import { uploadsReducer } from '../features/uploads/uploadsSlice';
import { viewsSlice } from '../features/views/viewsSlice';

/** Every feature slice of the store. A new feature adds its slice here. */
export const rootReducer = combineReducers({
  [nodesSlice.name]: nodesSlice.reducer,
  [folderSlice.name]: folderSlice.reducer,
  [navigationSlice.name]: navigationSlice.reducer,
  [appNavigationSlice.name]: appNavigationSlice.reducer,
  [selectionSlice.name]: selectionSlice.reducer,
  [userConfigSlice.name]: userConfigSlice.reducer,
  [viewConfigSlice.name]: viewConfigSlice.reducer,
  [coreConfigSlice.name]: coreConfigSlice.reducer,
  [dragSlice.name]: dragSlice.reducer,
  [sidebarSlice.name]: sidebarSlice.reducer,
  [settingsSlice.name]: settingsSlice.reducer,
  [filterSlice.name]: filterSlice.reducer,
  [viewsSlice.name]: viewsSlice.reducer,
  [quotaSlice.name]: quotaSlice.reducer,
  uploads: uploadsReducer,
});
