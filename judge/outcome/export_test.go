package outcome

// RepeatCrash is a Go crash report for the external tests.
const RepeatCrash = repeatCrash
