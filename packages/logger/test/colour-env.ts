// Imported first by the test files that check the dev format's colours: the logger reads
// NO_COLOR once, when it loads, so a NO_COLOR set in the developer's shell (or CI) would make
// `dev` colourless. Tests of NO_COLOR itself set it for a child process (runChild's env).
delete process.env.NO_COLOR;
