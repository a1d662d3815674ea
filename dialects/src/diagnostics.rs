//! Collecting MLIR's diagnostics and printing them as `file:line:col:`
//! messages with the source line and a caret, as mlir-opt does; the tools
//! share it.

use melior::{
    diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticSeverity},
    ir::Location,
    Context,
};
use std::{cell::RefCell, rc::Rc};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Note => "note",
            Self::Remark => "remark",
        }
    }
}

/// One diagnostic (a note attached to another one is its own entry, after it).
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl Diagnostic {
    /// The note MLIR's verifier attaches with the whole failing op, which
    /// mlir-opt leaves out when verifying diagnostics.
    pub fn is_op_dump(&self) -> bool {
        self.severity == Severity::Note && self.message.starts_with("see current operation")
    }
}

/// The diagnostics a context has emitted so far.
pub type Diagnostics = Rc<RefCell<Vec<Diagnostic>>>;

/// Routes every diagnostic of `context` into the returned list.
pub fn collect(context: &Context) -> Diagnostics {
    let diagnostics = Diagnostics::default();
    let sink = diagnostics.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        record(&diagnostic, &mut sink.borrow_mut());
        true
    });
    diagnostics
}

fn record(diagnostic: &MlirDiagnostic, into: &mut Vec<Diagnostic>) {
    let (file, line, column) = position(diagnostic.location()).unwrap_or_default();
    into.push(Diagnostic {
        severity: match diagnostic.severity() {
            DiagnosticSeverity::Error => Severity::Error,
            DiagnosticSeverity::Warning => Severity::Warning,
            DiagnosticSeverity::Note => Severity::Note,
            DiagnosticSeverity::Remark => Severity::Remark,
        },
        file,
        line: (line > 0).then_some(line),
        column: (column > 0).then_some(column),
        message: diagnostic.to_string(),
    });
    for index in 0..diagnostic.note_count() {
        if let Ok(note) = diagnostic.note(index) {
            record(&note, into);
        }
    }
}

/// The file, line and column a location points at, looking through names,
/// call sites (the callee) and fusions (the first part).
fn position(location: Location) -> Option<(String, usize, usize)> {
    if location.is_file_line_col_range() {
        let file = location.file_line_col_range_filename();
        let file = file.as_string_ref().as_str().unwrap_or_default().to_string();
        return Some((file, location.file_line_col_range_start_line(), location.file_line_col_range_start_column()));
    }
    if location.is_name() {
        return position(location.name_child_location());
    }
    if location.is_call_site() {
        return position(location.call_site_callee());
    }
    if location.is_fused() && location.fused_num_locations() > 0 {
        return position(location.fused_location(0));
    }
    None
}

/// Formats a diagnostic; shows the source line when `source` holds it.
pub fn render(diagnostic: &Diagnostic, source: &str) -> String {
    let severity = diagnostic.severity.name();
    let (Some(line), Some(column)) = (diagnostic.line, diagnostic.column) else {
        if diagnostic.file.is_empty() {
            return format!("{severity}: {}\n", diagnostic.message);
        }
        return format!("{}: {severity}: {}\n", diagnostic.file, diagnostic.message);
    };
    let mut text = format!("{}:{line}:{column}: {severity}: {}\n", diagnostic.file, diagnostic.message);
    if let Some(code) = source.lines().nth(line - 1) {
        text.push_str(&format!("{code}\n{}^\n", " ".repeat(column.saturating_sub(1))));
    }
    text
}
