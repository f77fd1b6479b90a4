// The async boundary Module Federation needs: shared singletons (react,
// i18next, the SDK…) are negotiated before any code that imports them runs.
import('./bootstrap');
