// The model (Selection, Entry, Rules, Crop, export's plan, its errors…) comes with the store, so that a
// user of the store (the command line, the page, selection-writer) needs one import.
@_exported import SelectionModel
