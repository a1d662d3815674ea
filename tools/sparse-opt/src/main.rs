//! `sparse-opt`: runs passes of the sparse array compiler (and upstream MLIR
//! passes) on `.mlir` files, with mlir-opt's conventions.

mod expectations;
mod split;

use clap::{Arg, ArgAction, ArgMatches, Command};
use melior::{
    ir::{operation::OperationLike, operation::OperationPrintingFlags},
    pass::{PassIrPrintingOptions, PassManager},
    utility::register_all_passes,
    Context,
};
use sparse_dialects::diagnostics::{self, Diagnostic, Severity};
use sparse_passes::pipeline::{self, Step};
use std::{
    io::{Read, Write},
    process::ExitCode,
};

fn command() -> Command {
    let mut command = Command::new("sparse-opt")
        .about("Sparse array compiler pass driver: reads MLIR, runs passes, prints MLIR.")
        .arg(Arg::new("input").default_value("-").help("Input file, or - for standard input"))
        .arg(Arg::new("output").short('o').value_name("FILE").default_value("-").help("Output file, or - for standard output"))
        .arg(
            Arg::new("pass-pipeline")
                .long("pass-pipeline")
                .value_name("PIPELINE")
                .help("Passes to run, ours and upstream's: 'builtin.module(verify-sparse,canonicalize)'"),
        )
        .arg(flag("sparse-compiler", "Run the whole compiler: arr down to the LLVM dialect"))
        .arg(flag(
            "parallel-loops",
            "With --sparse-compiler: run the outermost loops whose iterations are independent on OpenMP's threads (the output calls libomp)",
        ))
        .arg(flag("split-input-file", "Process each '// -----' separated chunk on its own"))
        .arg(flag("verify-diagnostics", "Check diagnostics against expected-error/warning/note/remark comments"))
        .arg(flag("mlir-print-ir-after-all", "Print the IR after every pass, on standard error"))
        .arg(flag("mlir-print-op-generic", "Print every op in generic form"))
        .next_help_heading("Passes of the sparse array compiler");
    for pass in sparse_passes::PASSES {
        command = command.arg(flag(pass.argument, pass.summary));
    }
    command
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).action(ArgAction::SetTrue).help(help)
}

/// What one run does, read from the command line.
struct Options {
    input: String,
    output: String,
    steps: Vec<Step>,
    split: bool,
    verify_diagnostics: bool,
    print_after_all: bool,
    generic: bool,
}

impl Options {
    fn from(matches: &ArgMatches) -> Result<Self, String> {
        let pass_flags = sparse_passes::PASSES.iter().any(|pass| matches.get_flag(pass.argument));
        let pipelines = usize::from(matches.contains_id("pass-pipeline")) + usize::from(matches.get_flag("sparse-compiler"));
        if pipelines > 1 || (pipelines == 1 && pass_flags) {
            return Err("pass flags, --sparse-compiler and --pass-pipeline cannot be combined".into());
        }
        let parallel = matches.get_flag("parallel-loops");
        if parallel && !matches.get_flag("sparse-compiler") {
            return Err("--parallel-loops needs --sparse-compiler".into());
        }
        let pipeline = matches.get_one::<String>("pass-pipeline").cloned();
        let pipeline = match matches.get_flag("sparse-compiler") {
            true if parallel => Some(pipeline::with_parallel_loops(pipeline::SPARSE_COMPILER)?),
            true => Some(pipeline::SPARSE_COMPILER.to_string()),
            false => pipeline,
        };
        let steps = match pipeline {
            Some(text) => pipeline::parse(&text)?,
            None => {
                // Pass flags run in the order they were given.
                let mut chosen = sparse_passes::PASSES
                    .iter()
                    .filter(|pass| matches.get_flag(pass.argument))
                    .map(|pass| (matches.index_of(pass.argument).unwrap_or(0), Step::Ours(pass)))
                    .collect::<Vec<_>>();
                chosen.sort_by_key(|(index, _)| *index);
                chosen.into_iter().map(|(_, step)| step).collect()
            }
        };
        // Upstream's passes and their options are known once added to a
        // pass manager: a malformed pipeline is a command-line error,
        // reported before any input is read.
        register_all_passes();
        let context = Context::new();
        pipeline::build(PassManager::new(&context).as_operation_pass_manager(), &steps)?;
        Ok(Self {
            input: matches.get_one::<String>("input").cloned().unwrap_or_else(|| "-".into()),
            output: matches.get_one::<String>("output").cloned().unwrap_or_else(|| "-".into()),
            steps,
            split: matches.get_flag("split-input-file"),
            verify_diagnostics: matches.get_flag("verify-diagnostics"),
            print_after_all: matches.get_flag("mlir-print-ir-after-all"),
            generic: matches.get_flag("mlir-print-op-generic"),
        })
    }

    /// The input's name in diagnostics.
    fn input_name(&self) -> &str {
        if self.input == "-" {
            "<stdin>"
        } else {
            &self.input
        }
    }
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let options = match Options::from(&matches) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("sparse-opt: error: {message}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("sparse-opt: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Processes every chunk; `Ok(false)` when any chunk failed.
fn run(options: &Options) -> Result<bool, String> {
    let source = match sparse_dialects::parse::utf8(options.input_name(), read_input(&options.input)?) {
        Ok(source) => source,
        Err(diagnostic) => {
            eprintln!("{diagnostic}");
            return Ok(false);
        }
    };
    let mut outputs = Vec::new();
    let mut succeeded = true;
    for chunk in split::chunks(&source, options.split) {
        let (output, diagnostics) = process(&chunk.text, options)?;
        let problems = if options.verify_diagnostics {
            let expectations = expectations::parse(&chunk.text).map_err(|error| format!("{}: {error}", options.input_name()))?;
            let diagnostics = diagnostics.into_iter().filter(|d| !d.is_op_dump()).collect::<Vec<_>>();
            expectations::check(expectations, &diagnostics)
                .into_iter()
                .map(|problem| format!("{}: error: {problem}\n", options.input_name()))
                .collect::<Vec<_>>()
        } else {
            let failed = output.is_none() || diagnostics.iter().any(|d| d.severity == Severity::Error);
            let rendered = diagnostics.iter().map(|d| diagnostics::render(&named(d, options), &source));
            succeeded &= !failed;
            rendered.collect()
        };
        succeeded &= problems.is_empty() || !options.verify_diagnostics;
        eprint!("{}", problems.concat());
        outputs.extend(output);
    }
    // A failed run leaves no output file behind.
    if succeeded || options.output == "-" {
        write_output(&options.output, &outputs.join(&format!("{}\n", split::MARKER)))?;
    }
    Ok(succeeded)
}

/// The diagnostic with the input's name in place of the parser's buffer
/// name (`-`: chunks are parsed from memory).
fn named(diagnostic: &Diagnostic, options: &Options) -> Diagnostic {
    let mut diagnostic = diagnostic.clone();
    if matches!(diagnostic.file.as_str(), "" | "-") && diagnostic.line.is_some() {
        diagnostic.file = options.input_name().to_string();
    }
    diagnostic
}

/// Parses, verifies and transforms one chunk: its printed result (`None`
/// when a step failed) and the diagnostics it produced.
fn process(text: &str, options: &Options) -> Result<(Option<String>, Vec<Diagnostic>), String> {
    let context = Context::new();
    sparse_dialects::load_dialects(&context).map_err(|error| error.to_string())?;
    let collected = diagnostics::collect(&context);
    let output = transform(&context, text, options)?;
    let diagnostics = collected.borrow().clone();
    Ok((output, diagnostics))
}

fn transform(context: &Context, text: &str, options: &Options) -> Result<Option<String>, String> {
    let Some(mut module) = sparse_dialects::parse::parse(context, text) else { return Ok(None) };
    if !sparse_dialects::verify::verify(module.as_operation()) {
        return Ok(None);
    }
    if !options.steps.is_empty() {
        let manager = PassManager::new(context);
        manager.enable_verifier(true);
        if options.print_after_all {
            // MLIR aborts when IR printing meets a multi-threaded context.
            context.enable_multi_threading(false);
            manager.enable_ir_printing(&PassIrPrintingOptions {
                before_all: false,
                after_all: true,
                module_scope: true,
                on_change: false,
                on_failure: false,
                flags: printing_flags(options),
                tree_printing_path: Default::default(),
            });
        }
        pipeline::build(manager.as_operation_pass_manager(), &options.steps)?;
        if manager.run(&mut module).is_err() || !sparse_dialects::verify::verify(module.as_operation()) {
            return Ok(None);
        }
    }
    let printed = module.as_operation().to_string_with_flags(printing_flags(options));
    Ok(Some(printed.map_err(|error| error.to_string())?))
}

fn printing_flags(options: &Options) -> OperationPrintingFlags {
    let flags = OperationPrintingFlags::new();
    if options.generic {
        flags.print_generic_operation_form()
    } else {
        flags
    }
}

fn read_input(path: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let result = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut file| file.read_to_end(&mut bytes)).map(|_| ())
    };
    result.map_err(|error| format!("could not read input file '{path}': {error}"))?;
    Ok(bytes)
}

fn write_output(path: &str, text: &str) -> Result<(), String> {
    let text = if text.ends_with('\n') || text.is_empty() { text.to_string() } else { format!("{text}\n") };
    if path == "-" {
        // A reader that stops early (`| head`) closes the pipe: an error, not a panic.
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .and_then(|_| stdout.flush())
            .map_err(|error| format!("could not write to standard output: {error}"))
    } else {
        std::fs::write(path, text).map_err(|error| format!("could not write output file '{path}': {error}"))
    }
}
