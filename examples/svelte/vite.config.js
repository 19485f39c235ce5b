// The setup docs/board.md gives a Vite user of `hoyito/board`, with Svelte's plugin.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [svelte()],
  optimizeDeps: { exclude: ['hoyito'] },
});
