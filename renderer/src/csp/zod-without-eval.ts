import { z } from 'zod';

// zod probes for eval (`new Function`) at its first object parse and parses faster where eval
// works. The page's CSP forbids eval, so the probe would be reported as a violation: use zod's
// eval-free parser. Imported first by main.tsx, so that this runs before any module parses.
z.config({ jitless: true });
