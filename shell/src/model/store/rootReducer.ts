import { combineReducers } from '@reduxjs/toolkit';
import { coreConfigSlice } from '../config/coreConfigSlice';
import { userConfigSlice } from '../config/userConfigSlice';
import { viewConfigSlice } from '../config/viewConfigSlice';
import { dragSlice } from '../drag/dragSlice';
import { filterSlice } from '../filter/filterSlice';
import { folderSlice } from '../folder/folderSlice';
import { appNavigationSlice } from '../navigation/appNavigationSlice';
import { navigationSlice } from '../navigation/navigationSlice';
import { nodesSlice } from '../nodes/nodesSlice';
import { quotaSlice } from '../quota/quotaSlice';
import { selectionSlice } from '../selection/selectionSlice';
import { settingsSlice } from '../settings/settingsSlice';
import { sidebarSlice } from '../sidebar/sidebarSlice';
import { uploadsReducer } from '../uploads/uploadsSlice';
import { viewsSlice } from '../views/viewsSlice';

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
