// The async boundary Module Federation needs before shared singletons are used (DESIGN §9).
import('./bootstrap');
