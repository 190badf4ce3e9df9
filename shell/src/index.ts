// The async boundary (DESIGN §9): shared singletons are negotiated before any React code runs.
import('./bootstrap');
