// The setup docs/board.md gives a Vite user of `hoyito/board`, with React's plugin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  optimizeDeps: { exclude: ['hoyito'] },
});
